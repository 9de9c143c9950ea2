/**
 * One `chat/prompt` to an ECA server, from the request to `progress finished`
 * (specs/eca-protocol-v2.md, "Chat Prompt", "Chat stop prompt"): the chat's contents go to the
 * turn, the chat id the server answers with is saved with the thread, and Stop sends
 * `chat/promptStop`; the turn ends once the server finishes it or TURN_END_AFTER_STOP_MS has
 * passed, and a server that has not finished within the grace period is shut down.
 */
import type { ChatPromptParams } from '../../../lib/protocol/eca-chat';
import type { ChatPromptResult } from '../../../lib/protocol/eca/chat-methods';
import type { AgentTurn } from '../agent-backend';
import { STOP_GRACE_MS, stopWithGrace, TURN_END_AFTER_STOP_MS } from '../external/stop-with-grace';
import { afterAbort } from '../external/until-aborted';
import type { EcaChatTurn } from './eca-chat-turn';
import type { EcaServerConnection } from './eca-server-connection';

const HANDED_OVER = Symbol('handed over');

/** Resolves with the chat's id once the turn has ended (undefined when it ended before the server named one). */
export async function runEcaPrompt(
  server: EcaServerConnection,
  chat: EcaChatTurn,
  turn: AgentTurn,
  params: ChatPromptParams,
  log: (message: string) => void,
): Promise<string | undefined> {
  // Stopped before the prompt left: nothing to tell the server.
  if (turn.signal.aborted) return params.chatId;
  const { router, rpc } = server;
  // A new chat's first contents may come before the answer that names it.
  const opened = params.chatId === undefined ? router.opensChat() : undefined;
  if (params.chatId !== undefined) router.bind(params.chatId, chat);
  const givenUp = new AbortController();
  const sendStop = () => {
    if (chat.chatId !== undefined && !rpc.isClosed) rpc.notify('chat/promptStop', { chatId: chat.chatId });
  };
  const stop = stopWithGrace(turn.signal, {
    ask: sendStop,
    giveUp: () => {
      if (chat.isSettled) return;
      log(`the turn did not end within ${STOP_GRACE_MS} ms of chat/promptStop; shutting the server down`);
      chat.finish();
      givenUp.abort();
      void server.kill();
    },
  });
  const body = (async () => {
    try {
      let answer: ChatPromptResult;
      try {
        answer = await rpc.request('chat/prompt', params, { signal: givenUp.signal });
      } catch (error) {
        if (turn.signal.aborted) return params.chatId;
        throw await server.explain(error, 'take the prompt');
      }
      if (params.chatId === undefined) router.bind(answer.chatId, chat);
      opened?.();
      // Stop pressed while the server had not named the chat yet: now it can be told.
      if (turn.signal.aborted) sendStop();
      if (answer.chatId !== turn.agentSessionId) await turn.saveAgentSession(answer.chatId);
      if (answer.status === 'login') await turn.note('The ECA server asks you to log in first; follow what it says.');
      if (answer.status === 'error') await turn.note('The ECA server could not start this prompt; its messages above say why.');
      await chat.done;
      return answer.chatId;
    } finally {
      opened?.();
      stop.done();
      if (chat.chatId !== undefined) router.unbind(chat.chatId, chat);
      // Whatever the server still sends for this turn is too late to show.
      chat.finish();
    }
  })();
  const ended = await Promise.race([body, afterAbort(turn.signal, TURN_END_AFTER_STOP_MS).then((): typeof HANDED_OVER => HANDED_OVER)]);
  if (ended !== HANDED_OVER) return ended;
  // Stopped, and the server has not ended the turn yet: Baton's turn ends now; the server's goes
  // on quietly (nothing more is shown) until it finishes or its grace is over.
  chat.quiet();
  body.catch((error: unknown) => log(`the stopped turn ended with an error: ${error instanceof Error ? error.message : String(error)}`));
  return chat.chatId ?? params.chatId;
}
