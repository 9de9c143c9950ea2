/**
 * The browser-facing methods, one handler each, bound to one tab's connection: lifecycle, threads,
 * tool servers here; the chat methods in chat-handlers.ts, the workspace files' in
 * workspace-file-handlers.ts.
 */
import { agentsConfigMessage } from './agents-config-message';
import { registerChatHandlers } from './chat-handlers';
import { registerThreadExportHandlers } from './thread-export-handlers';
import { asRpc, failureReporter } from './rpc-errors';
import { getThreadEntries } from './thread-entries-page';
import { registerThreadRewindHandlers } from './thread-rewind-handlers';
import { registerThreadListHandlers } from './thread-list-handlers';
import { registerThreadMessageHandlers } from './thread-message-handlers';
import { registerThreadSteerHandlers } from './thread-steer-handlers';
import { registerThreadAgentSettingHandlers } from './thread-agent-setting-handlers';
import { registerElicitationHandlers } from './elicitation-handlers';
import type { TabContext } from './tab-context';
import { registerWorkspaceFileHandlers } from './workspace-file-handlers';
import { registerAgentCatalogueHandlers } from './agent-catalogue-handlers';
import { registerInboxHandlers } from './inbox-handlers';
import { registerPushHandlers } from './push-handlers';
import { registerAgentLoginHandlers } from './agent-login-handlers';
import { registerDeviceHandlers } from './device-handlers';
import { registerAuditHandlers } from './audit-handlers';
import { createTabAudit } from './tab-audit';

export function registerRpcHandlers(tab: Omit<TabContext, 'audit'>): void {
  let watched: string | undefined;
  const context: TabContext = {
    ...tab,
    audit: createTabAudit(tab),
    watchThread(threadId) {
      watched = threadId;
      tab.watchThread(threadId);
      tab.inbox.seen(threadId);
    },
    watchedThread: () => watched,
  };
  const { connection, hub, workspace } = context;

  // Starting or stopping a server is reported back through `tool/serverUpdated`; a failure to do
  // so is told to the tab that asked.
  const reportFailure = failureReporter(connection);
  connection.onRequest('initialize', () => {
    const { device, actor } = context;
    return { ...(device ? { device: { id: device.id, name: device.name, scope: device.scope } } : {}), actor };
  });
  connection.onNotification('initialized', () => {
    void agentsConfigMessage(context.agents, workspace.root, context.startedInOwnSource).then(
      (config) => connection.notify('config/updated', config),
      reportFailure('describe the agents'),
    );
    for (const server of context.toolServers.current()) connection.notify('tool/serverUpdated', server);
    for (const login of context.logins.current()) connection.notify('agent/loginUpdated', login);
  });
  connection.onNotification('mcp/stopServer', ({ name, baton }) => {
    void context.toolServers.stop(name, baton?.agent).catch(reportFailure(`stop ${name}`));
  });
  connection.onNotification('mcp/startServer', ({ name, baton }) => {
    void context.toolServers.start(name, baton?.agent).catch(reportFailure(`start ${name}`));
  });

  connection.onRequest('getThreads', (params) => asRpc(() => context.threads.list(params)));
  connection.onRequest('createThread', (params) => asRpc(async () => ({ threadId: (await hub.createThread(params?.agent)).id })));
  connection.onRequest('thread/handOver', ({ threadId, agent }) =>
    asRpc(async () => {
      await hub.handOver(threadId, agent);
      return { agent };
    }),
  );
  connection.onRequest('openThread', ({ threadId }) =>
    asRpc(async () => {
      // Loads the thread (its tail) if need be; the entries come with getThreadEntries.
      await hub.getSnapshot(threadId, { limit: 0 });
      context.watchThread(threadId);
      hub.prepareAgent(threadId);
      return null;
    }),
  );
  connection.onRequest('getThreadEntries', (params) => asRpc(() => getThreadEntries(hub, context.store, params)));
  connection.onRequest('getThreadEvents', ({ threadId, afterSeq }) => asRpc(() => hub.getEventsAfter(threadId, afterSeq)));

  registerChatHandlers(context);
  registerThreadRewindHandlers(context);
  registerThreadListHandlers(context);
  registerThreadMessageHandlers(context);
  registerThreadExportHandlers(context);
  registerThreadSteerHandlers(context);
  registerThreadAgentSettingHandlers(context);
  registerElicitationHandlers(context);

  registerWorkspaceFileHandlers(context);
  registerAgentCatalogueHandlers(context);
  registerInboxHandlers(context);
  registerPushHandlers(context);
  registerAgentLoginHandlers(context);
  registerDeviceHandlers(context);
  registerAuditHandlers(context);
}
