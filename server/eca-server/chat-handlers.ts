/**
 * The `chat/*` methods an editor calls (specs/eca-protocol-v2.md, "Code Assistant Features"),
 * mapped to the hub as the relay maps the browser's (server/relay/rpc-handlers.ts). One ECA chat
 * is one Baton thread: its `chatId` is the thread id, and its history is stored like any other.
 */
import type { ChatBehavior } from '../../lib/protocol/eca-chat';
import { checkPromptContextCount } from '../agents/prompt-limits';
import { chooseModel, matchingCommands } from '../agents/turn-choices';
import { queryContexts } from '../relay/context-query';
import type { EcaServing } from './eca-serving';

/** The behaviour the editor selected last (`chat/selectedBehaviorChanged`); a prompt may name another. */
export interface BehaviorSelection {
  behavior: ChatBehavior;
}

export function registerChatHandlers(
  serve: EcaServing,
  selection: BehaviorSelection,
  log: (message: string) => void,
): void {
  serve.request('chat/prompt', async ({ chatId, message, model, behavior, contexts }, { hub, agent }) => {
    checkPromptContextCount(contexts);
    // The answer names the model the turn really uses, as "The model used for this chat request" asks.
    const chosenModel = chooseModel(agent.info, model);
    if (model !== undefined && chosenModel !== model) {
      log(`chat/prompt asked for model ${model}, which is not offered; using ${chosenModel}`);
    }
    const threadId = chatId ?? (await hub.createThread()).id;
    await hub.prompt(threadId, message, { behavior: behavior ?? selection.behavior, model: chosenModel, contexts });
    return { chatId: threadId, model: chosenModel, status: 'prompting' as const };
  });

  serve.notification('chat/toolCallApprove', async ({ chatId, toolCallId, save }, { hub }) => {
    if (!(await hub.approve(chatId, toolCallId, save))) {
      log(`chat/toolCallApprove: no call ${toolCallId} waits for approval in chat ${chatId}`);
    }
  });

  serve.notification('chat/toolCallReject', async ({ chatId, toolCallId }, { hub }) => {
    if (!(await hub.reject(chatId, toolCallId))) {
      log(`chat/toolCallReject: no call ${toolCallId} waits for approval in chat ${chatId}`);
    }
  });

  serve.notification('chat/promptStop', ({ chatId }, { hub }) => hub.stop(chatId));

  serve.notification('chat/selectedBehaviorChanged', ({ behavior }) => {
    selection.behavior = behavior;
  });

  // "removing all previous messages": the thread and its history go; an absent chatId names no chat.
  serve.request('chat/delete', async ({ chatId }, { hub }) => {
    if (chatId !== undefined) await hub.deleteThread(chatId);
    return {};
  });

  serve.request('chat/queryContext', async ({ chatId, query, contexts }, { workspace, resources }) => ({
    chatId,
    contexts: await queryContexts({ workspace, resources }, query, contexts),
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
