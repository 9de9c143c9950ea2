/**
 * The `chat/*` methods of a turn (specs/eca-protocol-v2.md, "Code Assistant Features", and the
 * current protocol's additions), mapped to the hub as the relay maps the browser's
 * (server/relay/rpc-handlers.ts). One ECA chat is one Baton thread at a time (eca-chats.ts).
 * Both vocabularies are taken: v2's behaviours and the current protocol's agents.
 */
import path from 'node:path';
import { ChatContextSchema, type ChatContext } from '../../lib/protocol/eca-chat';
import type { EditorChatPromptParams, EditorContext } from '../../lib/protocol/eca/chat-methods';
import { checkPromptContextCount } from '../agents/prompt-limits';
import { chooseModel, matchingCommands } from '../agents/turn-choices';
import { ThreadBusyError } from '../hub/thread-session';
import { queryContexts } from '../relay/context-query';
import type { EcaBackend } from './eca-backend';
import type { EcaNotify } from './chat-history-handlers';
import type { EcaServing } from './eca-serving';

export function registerChatHandlers(serve: EcaServing, notify: EcaNotify, log: (message: string) => void): void {
  serve.request('chat/prompt', (params, backend) =>
    params.chatId === undefined ? prompt(params, backend) : backend.chats.inOrder(params.chatId, () => prompt(params, backend)),
  );

  async function prompt(params: EditorChatPromptParams, backend: EcaBackend) {
    const { hub, agent, chats } = backend;
    checkPromptContextCount(params.contexts);
    const { chatId, threadId } = await openChat(backend, params.chatId, notify);
    // Read after the await: a selection the editor sent just before the prompt has been taken by now.
    const selected = chats.selectionOf(chatId);
    const requestedModel = params.model ?? selected.model;
    // The answer names the model the turn really uses, as "The model used for this chat request" asks.
    const model = chooseModel(agent.info, requestedModel);
    if (requestedModel !== undefined && model !== requestedModel) {
      log(`chat/prompt asked for model ${requestedModel}, which is not offered; using ${model}`);
    }
    const { contexts, message } = takeContexts(params.contexts ?? [], params.message, backend.workspace.root, log);
    const options = { behavior: params.agent ?? params.behavior ?? selected.behavior, model, contexts };
    // No editor handles an error answer to chat/prompt: a prompt sent while the chat's turn runs waits for it.
    try {
      if (await hub.isRunning(threadId)) chats.enqueue(threadId, { message, options });
      else await hub.prompt(threadId, message, options);
    } catch (error) {
      if (!(error instanceof ThreadBusyError)) throw error;
      chats.enqueue(threadId, { message, options });
    }
    return { chatId, model, status: 'prompting' as const };
  }

  // Each acts on the chat in the order the editor sent it, after the prompt before it (eca-chats.ts).
  const onChat =
    <P extends { chatId: string }>(act: (params: P, backend: EcaBackend, threadId: string | undefined) => Promise<unknown>) =>
    (params: P, backend: EcaBackend) =>
      backend.chats.inOrder(params.chatId, async () => act(params, backend, await backend.chats.threadOf(params.chatId)));

  serve.notification(
    'chat/toolCallApprove',
    onChat(async ({ chatId, toolCallId, save }, { hub }, threadId) => {
      if (threadId === undefined || !(await hub.approve(threadId, toolCallId, save))) {
        log(`chat/toolCallApprove: no call ${toolCallId} waits for approval in chat ${chatId}`);
      }
    }),
  );

  serve.notification(
    'chat/toolCallReject',
    onChat(async ({ chatId, toolCallId }, { hub }, threadId) => {
      if (threadId === undefined || !(await hub.reject(threadId, toolCallId))) {
        log(`chat/toolCallReject: no call ${toolCallId} waits for approval in chat ${chatId}`);
      }
    }),
  );

  serve.notification(
    'chat/promptStop',
    onChat(async (_params, { hub }, threadId) => {
      if (threadId !== undefined) await hub.stop(threadId);
    }),
  );

  serve.notification(
    'chat/promptSteer',
    onChat(async ({ chatId, message }, { hub }, threadId) => {
      // Per the protocol, the editor sends a steer message no turn took as a prompt of its own.
      if (threadId === undefined || message.trim() === '' || !(await hub.steer(threadId, message))) {
        log(`chat/promptSteer: no turn runs in chat ${chatId}; the editor sends the message as a prompt`);
      }
    }),
  );

  serve.notification(
    'chat/promptSteerRemove',
    onChat(async (_params, { hub }, threadId) => {
      if (threadId !== undefined) await hub.removeSteering(threadId);
    }),
  );

  serve.notification('chat/selectedBehaviorChanged', ({ behavior }, { chats }) => chats.select(undefined, { behavior }));
  serve.notification('chat/selectedAgentChanged', ({ chatId, agent }, { chats }) => chats.select(chatId, { behavior: agent }));
  serve.notification('chat/selectedModelChanged', ({ chatId, model }, { chats }) => {
    chats.select(chatId, { model });
    // "Server will respond with a config/updated notification containing the available variants".
    notify('config/updated', { ...(chatId === undefined ? {} : { chatId }), chat: { variants: [] } });
  });

  serve.request('chat/queryContext', async ({ chatId, query, contexts }, { workspace, resources }) => ({
    chatId,
    contexts: (
      await queryContexts(
        { workspace, resources },
        query,
        contexts.map((context) => relativeContext(context, workspace.root)),
      )
    ).map((context) => absoluteContext(context, workspace.root)),
  }));

  serve.request('chat/queryFiles', async ({ chatId, query }, { workspace }) => ({
    chatId,
    files: (await queryContexts({ workspace }, query, []))
      .filter((context) => context.type === 'file')
      .map((context) => absoluteContext(context, workspace.root)),
  }));

  serve.request('chat/queryCommands', async ({ chatId, query }, { agent }) => ({
    chatId,
    commands: matchingCommands((await agent.listCommands?.()) ?? [], query),
  }));

  // Each resolves once the server has stopped or started (or failed); tool/serverUpdated says so.
  serve.notification('mcp/stopServer', async ({ name }, { mcp }) => {
    if (mcp) await mcp.stopServer(name);
    else log(`mcp/stopServer: no MCP servers are configured, so there is no ${name}`);
  });
  serve.notification('mcp/startServer', async ({ name }, { mcp }) => {
    if (mcp) await mcp.startServer(name);
    else log(`mcp/startServer: no MCP servers are configured, so there is no ${name}`);
  });
}

/**
 * The chat a prompt goes to: a new one without `chatId`; the one `chatId` names; or, for an id no
 * chat has (an editor made it up, or kept it after `chat/delete`), a new one with that id, which
 * `chat/opened` announces as the current protocol does.
 */
async function openChat(
  backend: EcaBackend,
  requested: string | undefined,
  notify: EcaNotify,
): Promise<{ chatId: string; threadId: string }> {
  const { hub, chats } = backend;
  const chatId = requested?.trim() === '' ? undefined : requested;
  const existing = chatId === undefined ? undefined : await chats.threadOf(chatId);
  if (chatId !== undefined && existing !== undefined) return { chatId, threadId: existing };
  const thread = await hub.createThread();
  if (chatId === undefined) return { chatId: thread.id, threadId: thread.id };
  chats.bind(chatId, thread.id);
  notify('chat/opened', { chatId });
  return { chatId, threadId: thread.id };
}

/**
 * The contexts the agent resolves, and the message with the current protocol's inline text
 * contexts after it (it "delivers it with the user message"). Images and types Baton does not know
 * are skipped, and the log says so: the prompt itself is always taken.
 */
function takeContexts(
  given: readonly EditorContext[],
  message: string,
  root: string,
  log: (message: string) => void,
): { contexts: ChatContext[]; message: string } {
  const contexts: ChatContext[] = [];
  const texts: string[] = [];
  for (const context of given) {
    if (isChatContext(context)) contexts.push(relativeContext(context, root));
    else if (context.type === 'text' && 'label' in context && 'content' in context) {
      texts.push(`\n\n${String(context.label)}:\n\`\`\`\n${String(context.content)}\n\`\`\``);
    } else log(`chat/prompt: a ${context.type} context is not supported; it was left out`);
  }
  return { contexts, message: message + texts.join('') };
}

function isChatContext(context: EditorContext): context is ChatContext {
  return ChatContextSchema.safeParse(context).success;
}

/** Editors name files by absolute paths; the workspace's own tools take them relative. */
function relativeContext(context: ChatContext, root: string): ChatContext {
  if (!('path' in context) || !path.isAbsolute(context.path)) return context;
  const relative = path.relative(root, context.path);
  return relative.startsWith('..') || path.isAbsolute(relative) ? context : { ...context, path: relative === '' ? '.' : relative };
}

function absoluteContext(context: ChatContext, root: string): ChatContext {
  return 'path' in context && !path.isAbsolute(context.path) ? { ...context, path: path.join(root, context.path) } : context;
}
