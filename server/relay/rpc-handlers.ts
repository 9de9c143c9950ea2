/**
 * The browser-facing methods, one handler each, bound to one tab's connection. Relay failures
 * with string codes are turned into JSON-RPC errors here, once.
 */
import path from 'node:path';
import { BatonErrorCodes, type BatonProtocol } from '../../lib/protocol/baton-protocol';
import { RpcError } from '../../lib/rpc/errors';
import type { RpcConnection } from '../../lib/rpc/rpc-connection';
import type { AgentInfo } from '../agents/agent-backend';
import { ThreadBusyError } from '../hub/thread-session';
import { type ThreadHub, UnknownThreadError } from '../hub/thread-hub';
import { WorkspaceError, WorkspacePathError } from '../workspace/workspace-error';
import type { Workspace } from '../workspace/workspace';
import { queryContexts } from './context-query';

export interface TabContext {
  hub: ThreadHub;
  workspace: Workspace;
  agent: AgentInfo;
  /** Puts this tab in the thread's room (and out of any other thread's). */
  watchThread(threadId: string): void;
  /** Sends a notification to this tab alone. */
  connection: RpcConnection<BatonProtocol>;
}

export function registerRpcHandlers(context: TabContext): void {
  const { connection, hub, workspace, agent } = context;

  connection.onRequest('initialize', () => ({}));
  connection.onNotification('initialized', () => {
    connection.notify('config/updated', {
      chat: {
        models: [agent.model],
        behaviors: ['agent'],
        selectModel: agent.model,
        selectBehavior: 'agent',
        welcomeMessage: agent.offlineDemo
          ? 'You are talking to the offline demo model: its answers are scripted. Set ANTHROPIC_API_KEY to use a real model.'
          : `Ask ${agent.name} anything about this workspace.`,
      },
      baton: { agentName: agent.name, offlineDemo: agent.offlineDemo, workspaceName: path.basename(workspace.root) },
    });
  });

  connection.onRequest('getThreads', async () => ({ threads: await hub.listThreads() }));
  connection.onRequest('createThread', async () => ({ threadId: (await hub.createThread()).id }));
  connection.onRequest('openThread', ({ threadId }) =>
    asRpc(async () => {
      await hub.getSnapshot(threadId);
      context.watchThread(threadId);
      return null;
    }),
  );
  connection.onRequest('getThreadEntries', ({ threadId }) => asRpc(() => hub.getSnapshot(threadId)));
  connection.onRequest('getThreadEvents', ({ threadId, afterSeq }) => asRpc(() => hub.getEventsAfter(threadId, afterSeq)));

  connection.onRequest('chat/prompt', ({ chatId, message }) =>
    asRpc(async () => {
      const threadId = chatId ?? (await hub.createThread()).id;
      context.watchThread(threadId);
      await hub.prompt(threadId, message);
      return { chatId: threadId, model: agent.model, status: 'prompting' as const };
    }),
  );
  connection.onRequest('chat/delete', ({ chatId }) =>
    asRpc(async () => {
      if (chatId !== undefined) await hub.deleteThread(chatId);
      return {};
    }),
  );
  connection.onRequest('chat/queryContext', ({ chatId, query, contexts }) =>
    asRpc(async () => ({ chatId, contexts: await queryContexts({ workspace }, query, contexts) })),
  );
  connection.onNotification('chat/toolCallApprove', ({ chatId, toolCallId }) => {
    void hub.approve(chatId, toolCallId).catch(() => undefined);
  });
  connection.onNotification('chat/toolCallReject', ({ chatId, toolCallId }) => {
    void hub.reject(chatId, toolCallId).catch(() => undefined);
  });
  connection.onNotification('chat/promptStop', ({ chatId }) => {
    void hub.stop(chatId).catch(() => undefined);
  });

  connection.onRequest('readTextFile', ({ path: filePath, lineOffset, lineLimit }) =>
    asRpc(() => workspace.readTextFile(filePath, { lineOffset, lineLimit })),
  );
  connection.onRequest('stat', ({ path: filePath }) => asRpc(() => workspace.stat(filePath)));
  connection.onRequest('globSearch', ({ pattern }) =>
    asRpc(async () => ({ matches: (await workspace.globSearch(pattern)).matches })),
  );
}

/** Runs a handler, translating the relay's own failures into the JSON-RPC errors the tab sees. */
async function asRpc<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toRpcError(error);
  }
}

function toRpcError(error: unknown): unknown {
  if (error instanceof UnknownThreadError) return new RpcError(BatonErrorCodes.UnknownThread, error.message);
  if (error instanceof ThreadBusyError) return new RpcError(BatonErrorCodes.ThreadBusy, error.message);
  if (error instanceof WorkspacePathError) {
    return new RpcError(BatonErrorCodes.PathOutsideWorkspace, error.message, { reason: error.code });
  }
  if (error instanceof WorkspaceError) {
    return new RpcError(BatonErrorCodes.FileUnavailable, error.message, { reason: error.code });
  }
  return error;
}
