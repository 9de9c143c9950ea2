/**
 * The ECA chat methods of one tab (specs/eca-protocol-v2.md, "Code Assistant Features"): prompts
 * with their behaviour, model and contexts, approvals, Stop, delete, and the `@` and `/` menus.
 */
import type { ChatBehavior } from '../../lib/protocol/eca-chat';
import { chooseModel, matchingCommands } from '../agents/turn-choices';
import { UnknownThreadError } from '../hub/thread-hub';
import { queryContexts } from './context-query';
import { asRpc, failureReporter } from './rpc-errors';
import type { TabContext } from './rpc-handlers';

export function registerChatHandlers(context: TabContext): void {
  const { connection, hub, workspace, agent, toolServers } = context;
  // The behaviour this tab last chose (`chat/selectedBehaviorChanged`), for prompts that name none.
  let selectedBehavior: ChatBehavior = 'agent';

  connection.onNotification('chat/selectedBehaviorChanged', ({ behavior }) => {
    selectedBehavior = behavior;
  });

  connection.onRequest('chat/prompt', ({ chatId, message, behavior, model, contexts }) =>
    asRpc(async () => {
      const threadId = chatId ?? (await hub.createThread()).id;
      context.watchThread(threadId);
      const chosenModel = chooseModel(agent.info, model);
      await hub.prompt(threadId, message, { behavior: behavior ?? selectedBehavior, model: chosenModel, contexts });
      return { chatId: threadId, model: chosenModel, status: 'prompting' as const };
    }),
  );
  connection.onRequest('chat/delete', ({ chatId }) =>
    asRpc(async () => {
      if (chatId !== undefined) await hub.deleteThread(chatId);
      return {};
    }),
  );
  connection.onRequest('chat/queryContext', ({ chatId, query, contexts }) =>
    asRpc(async () => ({
      chatId,
      contexts: await queryContexts({ workspace, resources: () => toolServers.resources() }, query, contexts),
    })),
  );
  connection.onRequest('chat/queryCommands', async ({ chatId, query }) => ({
    chatId,
    commands: matchingCommands((await agent.listCommands?.()) ?? [], query),
  }));

  // Decisions and Stop are notifications, so a failure cannot be an error response: a thread that
  // was deleted meanwhile has nothing left to decide; any other failure is told to this tab.
  const report = failureReporter(connection);
  const reportFailure = (action: string) => (error: unknown) => {
    if (!(error instanceof UnknownThreadError)) report(action)(error);
  };
  connection.onNotification('chat/toolCallApprove', ({ chatId, toolCallId, save }) => {
    void hub.approve(chatId, toolCallId, save).catch(reportFailure('approve the tool call'));
  });
  connection.onNotification('chat/toolCallReject', ({ chatId, toolCallId }) => {
    void hub.reject(chatId, toolCallId).catch(reportFailure('reject the tool call'));
  });
  connection.onNotification('chat/promptStop', ({ chatId }) => {
    void hub.stop(chatId).catch(reportFailure('stop the turn'));
  });
}
