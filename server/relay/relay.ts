/**
 * The relay: one HTTP server on one port serving the UI's static build and socket.io, a thread
 * hub, the store and the agent. `startRelay` is what the command line and the tests call.
 */
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createBuiltinAgentFromEnv } from '../agents/builtin/create-builtin-agent';
import { ApprovalPolicy } from '../guard/approval-policy';
import { ContentTaps } from '../hub/content-taps';
import { ThreadDirectory } from '../hub/thread-directory';
import { databaseTarget } from '../store/database-target';
import { FileHistory } from '../rewind/file-history';
import { policyRestoreGuard } from '../rewind/policy-restore-guard';
import { relayTurnCheckpoints } from '../rewind/turn-checkpoints';
import { CommandSandbox } from '../process/command-sandbox';
import { readSandboxConfig } from '../process/sandbox-config';
import { CheckpointsConfigSchema } from '../rewind/checkpoint-config';
import { ThreadListEvents } from '../hub/thread-list-events';
import type { SequencedContentReceivedParams } from '../../lib/protocol/thread-events';
import { openThreadStore } from '../store/prisma-thread-store';
import { Workspace } from '../workspace/workspace';
import { AccessGuard } from './access-guard';
import { checkListenAddress } from './access-options';
import { stripBasePathFromUpgrades } from './base-path';
import { lockDataDir } from '../store/data-dir-lock';
import { excludeDataDirFromGit } from './git-exclude';
import { fileTokenSource, fixedTokenSource, type TokenSource } from './token-source';
import { DEFAULT_SIGN_IN_CODE_SECONDS, SignInCodes } from './sign-in-codes';
import { createSignInExchange } from './sign-in-exchange';
import { PushSender } from '../push/push-sender';
import { createPushAnswer } from './push-answer';
import { createTabAudit } from './tab-audit';
import { createRelayHttpServer } from './relay-http-server';
import { PUSH_ANSWER_DEVICE } from '../../lib/protocol/push';
import { DeviceRegistry } from './devices/device-registry';
import { LiveUsers } from './users/live-users';
import { CONFIG_FILE, configFileLabel, createMcpServers, loadRelayConfig, readAgentsSection, readBasePath } from './relay-config';
import { agentsConfigMessage } from './agents-config-message';
import { AgentRegistry } from '../agents/agent-registry';
import { AgentInstaller } from '../agents/catalogue/agent-installer';
import { AgentRegistryUrlSettingSchema, DEFAULT_AGENT_REGISTRY_URL } from '../agents/catalogue/registry-source';
import { configuredAgents } from '../agents/agents-config';
import { BUILTIN_AGENT_NAME } from '../../lib/protocol/agents';
import { createAgentLogins } from './agent-logins';
import { createToolServers } from './tool-servers';
import { DEFAULT_MESSAGE_LIMITS } from './message-limits';
import { registerRpcHandlers } from './rpc-handlers';
import { DEFAULT_FRAME_ANCESTORS } from './security-headers';
import { createSocketServer } from './socket-server';
import { createRelayInbox, followThreadList } from './relay-inbox';
import { shareTeamNotices, type ThreadListNotice } from './team/team-notices';
import { listenError } from './listen-error';
import { modelNote } from './model-note';
import { warmUpThreadReads } from './warm-up';
import { warmUpStreamedPieces } from './stream-warm-up';
import { checkTeamDatabase } from './team/team-options';
import { createRelayHub } from './team/relay-hub';
import { fullCollection, IdleCollection } from './idle-collection';
import { releaseFreedMemory } from '../process/memory-trim';

export type { RelayAccessOptions, RelayOptions, RunningRelay } from './relay-options';
import type { RelayOptions, RunningRelay } from './relay-options';

export async function startRelay(options: RelayOptions): Promise<RunningRelay> {
  // Before anything is written: a refused address leaves the data folder as it was.
  checkListenAddress({ host: options.host, allowRemote: options.access?.allowRemote ?? false, userToken: options.token });
  checkTeamDatabase(options.team, databaseTarget({ databaseUrl: options.databaseUrl, dataDir: options.dataDir }));
  const lock = await lockDataDir(options.dataDir);
  await keepDataDirOutOfGit(options);
  let tokens: TokenSource | undefined;
  const release = async () => {
    tokens?.close();
    await lock.release();
  };
  let relay: RunningRelay;
  try {
    // BATON_TOKEN wins; else the data folder's token file, kept across restarts.
    tokens = options.token !== undefined ? fixedTokenSource(options.token) : await fileTokenSource(options.dataDir, options.log);
    relay = await startLockedRelay(options, tokens);
  } catch (error) {
    await release();
    throw error;
  }
  const running = relay;
  return {
    get url() {
      return running.url;
    },
    get token() {
      return running.token;
    },
    signInUrl: () => running.signInUrl(),
    modelNote: running.modelNote,
    async close() {
      try {
        await running.close();
      } finally {
        await release();
      }
    },
  };
}

/** Never fatal: a read-only repository or an odd `.git` costs a line in the log, not the start. */
async function keepDataDirOutOfGit({ workspaceRoot, dataDir, log }: RelayOptions): Promise<void> {
  try {
    const outcome = await excludeDataDirFromGit(workspaceRoot, dataDir);
    if (outcome.kind === 'added') log(`added ${outcome.pattern} to ${outcome.excludeFile}, so git status does not list Baton's data`);
  } catch (error) {
    log(`could not keep the data folder out of git status: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function startLockedRelay(options: RelayOptions, tokens: TokenSource): Promise<RunningRelay> {
  const { log, startedInOwnSource = false } = options;
  const access = options.access ?? {};
  const signInCodes = new SignInCodes((options.signInCodeSeconds ?? DEFAULT_SIGN_IN_CODE_SECONDS) * 1000);
  const devices = await DeviceRegistry.open(options.dataDir, log);
  // A wildcard address is where the relay listens, never a name a request may address.
  const listenHost = ['0.0.0.0', '::', '[::]'].includes(options.host) ? [] : [options.host];
  const guard = new AccessGuard({
    token: tokens.current,
    allowedHosts: [...listenHost, ...(access.allowedHosts ?? [])],
    trustedOrigins: access.trustedOrigins,
  });
  // The file panel and the `@` menu see what the agents see: never Baton's own data folder.
  const workspace = new Workspace(options.workspaceRoot, { protectedFolders: [options.dataDir] });
  const configFile = path.join(options.dataDir, CONFIG_FILE);
  const config = await loadRelayConfig(configFile);
  // Read again when the file changes (`baton user add`, a removal): users/live-users.ts.
  const users = await LiveUsers.open(configFile, log);
  const agentsSection = readAgentsSection(config, options.extraAgents);
  const commandSandbox = await CommandSandbox.start({
    config: readSandboxConfig(config.sandbox),
    workspaceRoot: workspace.root,
    dataDir: options.dataDir,
    env: options.env,
  });
  // Once, at start: whether what agents run is sandboxed, and if not, why not.
  log(commandSandbox.startupNote());
  const mcp = createMcpServers(config, { cwd: workspace.root, log, sandbox: commandSandbox });
  const store = await openThreadStore({ database: databaseTarget({ databaseUrl: options.databaseUrl, dataDir: options.dataDir }), log });
  const approvalPolicy = ApprovalPolicy.fromConfig(config, configFileLabel(configFile, options.workspaceRoot));
  const agent = await createBuiltinAgentFromEnv({
    workspaceRoot: workspace.root,
    env: options.env,
    approvalPolicy,
    // The agent must not rewrite its own approval policy or history.
    protectedFolders: [options.dataDir],
    mcp,
    commandSandbox,
  });
  const agents = new AgentRegistry({
    entries: configuredAgents(agentsSection),
    defaultAgent: agentsSection.defaultAgent ?? BUILTIN_AGENT_NAME,
    builtin: agent,
    context: {
      // External agents are untrusted like the built-in one: the data folder is out of their reach.
      workspace,
      env: options.env,
      policy: approvalPolicy,
      sandbox: commandSandbox,
      log,
    },
  });

  const installer = new AgentInstaller({
    dataDir: options.dataDir,
    configFile,
    registryUrl:
      AgentRegistryUrlSettingSchema.parse({ agentRegistryUrl: config.agentRegistryUrl }).agentRegistryUrl ?? DEFAULT_AGENT_REGISTRY_URL,
    env: options.env,
    onInstalled: (name, entry) => agents.configure(name, entry),
  });

  const toolServers = createToolServers(agent, mcp, agents);
  const logins = createAgentLogins(agents);

  const headers = { frameAncestors: access.frameAncestors ?? DEFAULT_FRAME_ANCESTORS };
  const basePath = options.basePath ?? readBasePath(config);
  const push = new PushSender({ dataDir: options.dataDir, log, ...(options.pushAgent ? { agent: options.pushAgent } : {}) });
  const fromNotification = { kind: 'device', name: PUSH_ANSWER_DEVICE } as const;
  // An answer from a notification is in the audit list as given by "a notification".
  const notificationAudit = createTabAudit({ store, log, actor: fromNotification });
  const httpServer = await createRelayHttpServer({
    guard,
    headers,
    basePath,
    serveUi: options.serveUi !== false,
    signIn: createSignInExchange({ codes: signInCodes, token: tokens.current, log, devices }),
    pushAnswer: createPushAnswer({
      push,
      answer: async ({ threadId, toolCallId }, action) => {
        const answered =
          action === 'approve'
            ? await hub.approve(threadId, toolCallId, undefined, undefined, fromNotification)
            : await hub.reject(threadId, toolCallId, undefined, fromNotification);
        if (answered) await notificationAudit.record(Promise.resolve({ threadId, action, toolCallId }));
        return answered;
      },
      log,
    }),
    ...(options.tls ? { tls: options.tls } : {}),
    log,
  });
  // Loaded for a team only: a lone relay starts without the Redis client or the PostgreSQL driver.
  const redis = options.team ? await (await import('./team/redis-link')).connectRedis(options.team.redisUrl, log) : undefined;
  const sockets = createSocketServer(httpServer, {
    adapter: redis?.adapter,
    guard,
    log,
    limits: options.limits ?? DEFAULT_MESSAGE_LIMITS,
    outgoing: options.outgoing,
    devices,
    users,
    onTab: ({ connection, watchThread, device, actor }) =>
      registerRpcHandlers({
        connection,
        watchThread,
        device,
        actor,
        devices,
        hub,
        rewind,
        store: listedStore,
        workspace,
        agents,
        installer,
        toolServers,
        logins,
        threads,
        contentTaps,
        ...relayInbox,
        log,
        startedInOwnSource,
      }),
    onThreadUnwatched: (threadId) => hub.unwatched(threadId),
    beforeHandshake: async () => {
      await Promise.all([tokens.refresh(), users.refresh()]);
    },
  });
  // A removed user, a changed role, a replaced token: those sockets go; their pages reconnect as they now may.
  users.onChanged(() => sockets.disconnectUsersGone());
  // `baton token --rotate`: every tab holds the old token, so every tab goes, and so does every code made for it.
  tokens.onChanged(() => {
    signInCodes.clear();
    sockets.disconnectAll();
  });
  stripBasePathFromUpgrades(httpServer, basePath);
  // Every tab's thread list follows each change to a thread, made through this store.
  const relayInbox = await createRelayInbox({
    dataDir: options.dataDir,
    store,
    isOpen: sockets.isWatched,
    broadcast: (method, params) => sockets.broadcastNotification(method, params),
    push,
    // `team` is made below, once the inbox it feeds exists; nothing is seen before tabs connect.
    seenHere: (threadId) => team?.seen(threadId),
    log,
  });
  const notifyTabs: ThreadListNotice = (method, params) => {
    sockets.broadcastNotification(method, params as never);
    followThreadList(relayInbox.inbox, method, params);
  };
  // The relay collects its garbage once no turn runs, not when V8 would, mid-answer (idle-collection.ts).
  const collection = fullCollection();
  // What the collection freed goes back to the system, not only to the allocator (memory-trim.ts).
  const idleCollection =
    collection === undefined
      ? undefined
      : new IdleCollection(() => {
          collection();
          releaseFreedMemory();
        });
  const observe = (params: SequencedContentReceivedParams) => {
    listEvents.observe(params);
    relayInbox.inbox.observe(params);
    if (params.content.type === 'progress') idleCollection?.turnsChanged(listEvents.activity.anyRunning);
  };
  // A team's lists and inboxes follow what every relay does (team-notices.ts).
  const seenElsewhere = (threadId: string) => relayInbox.inbox.seenElsewhere(threadId);
  const team = options.team ? shareTeamNotices(sockets.io, { notify: notifyTabs, observe, seenElsewhere }) : undefined;
  const listEvents = new ThreadListEvents(store, notifyTabs, log, team?.listChanged);
  const listedStore = listEvents.watch(store);
  const contentTaps = new ContentTaps();
  const broadcast = (threadId: string, params: SequencedContentReceivedParams) => {
    // The team first: the inbox here may send a seen mark for this very content (a turn that ended
    // in a tab's view), which the other relays must get after the content it marks.
    team?.observed(params);
    observe(params);
    contentTaps.emit(params);
    sockets.broadcast(threadId, params);
  };
  const fileHistory = new FileHistory(store.history, workspace);
  const { keepTurns } = CheckpointsConfigSchema.parse(config.checkpoints ?? {});
  const checkpoints = relayTurnCheckpoints({ dataDir: options.dataDir, workspace, agents, log, keepTurns });
  // A rewind's restores answer to the same rules as the agents' writes.
  const rewind = { fileHistory, checkpoints, restoreGuard: policyRestoreGuard(approvalPolicy) };
  const hubOptions = { store: listedStore, agents, broadcast, isWatched: sockets.isWatched, log, fileHistory, checkpoints };
  // A team's relays run each thread on the one holding its lease, on their shared database.
  const { hub, leases } = await createRelayHub(hubOptions, { team: options.team, databaseUrl: options.databaseUrl, io: sockets.io });
  const threads = new ThreadDirectory({ store: listedStore, hub, events: listEvents, log });
  // Threads deleted before the relay last stopped, their undo window over.
  await threads.purge();
  checkpoints.sweepDeletedThreads(async (threadId) => (await store.getThreadDetails(threadId)) !== null);
  toolServers.onUpdated((update) => sockets.broadcastToolServer(update));
  logins.onUpdated((update) => sockets.broadcastNotification('agent/loginUpdated', update));
  agents.onChanged(() => {
    void agentsConfigMessage(agents, workspace.root, startedInOwnSource).then(
      (message) => sockets.broadcastNotification('config/updated', message),
      (error: unknown) => log(`could not describe the agents: ${String(error)}`),
    );
  });

  /** The warm-up started once the relay listens (below). */
  let warmedUp: Promise<void> = Promise.resolve();
  const closeAll = async () => {
    users.close();
    idleCollection?.close();
    // The warm-up reads the store: it ends before the store closes.
    await warmedUp;
    threads.close();
    await hub.close();
    await leases?.close();
    await checkpoints.close();
    // Closing socket.io also closes the HTTP server, which then waits for every open connection:
    // end them (a tab's keep-alive requests among them) instead of waiting out their idle timeout.
    const socketsClosed = sockets.close();
    httpServer.closeAllConnections();
    await socketsClosed;
    // No tab is left to change them: what is under way is written before the data folder is let go.
    await Promise.all([devices.close(), push.close()]);
    await redis?.close();
    await agents.close();
    await mcp?.close();
    await store.close();
    await relayInbox.close();
  };
  try {
    await new Promise<void>((resolve, reject) => {
      httpServer.once('error', reject);
      httpServer.listen(options.port, options.host, () => resolve());
    });
  } catch (error) {
    // A port that is taken: what was opened for it goes, and the message says what to do.
    await closeAll().catch((closeError: unknown) => log(`closing after a failed start: ${String(closeError)}`));
    throw listenError(error, options.host, options.port);
  }
  const { port } = httpServer.address() as AddressInfo;
  // Once the caller has printed the ready line (it runs before this timer): the first uses of the
  // store's reads and of a streamed piece's way to the tabs cost once what later ones do
  // (warm-up.ts, stream-warm-up.ts), and the ready line does not wait for them.
  warmedUp = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
    try {
      warmUpStreamedPieces((messages) => sockets.warmUp(messages));
    } catch (error) {
      log(`warming up the streaming path failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    await warmUpThreadReads(store, log);
  });
  // MCP servers start once the relay answers: their progress reaches tabs as it happens.
  void mcp?.start().catch((error: unknown) => log(`MCP servers failed to start: ${String(error)}`));
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  const address = `${options.tls ? 'https' : 'http'}://${host}:${port}${basePath}/`;

  return {
    // In the fragment, which the browser never sends to a server: the page takes it from there.
    get url() {
      return `${address}#token=${tokens.current() ?? ''}`;
    },
    get token() {
      return tokens.current() ?? '';
    },
    signInUrl: () => `${address}#code=${signInCodes.issue()}`,
    modelNote: modelNote(agents.defaultAgent, agent.info),
    close: closeAll,
  };
}
