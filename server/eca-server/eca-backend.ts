/**
 * What the server runs once `initialize` has said where the workspace is, composed as the relay
 * composes it (server/relay/relay.ts) without the HTTP server and the UI: the config file
 * (`<data-dir>/config.json`: approval rules, MCP servers, the sandbox), the thread store (an ECA
 * chat is a Baton thread, eca-chats.ts), the built-in agent and the hub between them.
 */
import path from 'node:path';
import type { ChatContext } from '../../lib/protocol/eca-chat';
import type { ToolServerUpdatedParams } from '../../lib/protocol/eca/tool-servers';
import type { SequencedContentReceivedParams } from '../../lib/protocol/thread-events';
import type { AgentBackend } from '../agents/agent-backend';
import type { McpServerManager, McpServerUpdate } from '../agents/builtin/mcp';
import { createBuiltinAgentFromEnv } from '../agents/builtin/create-builtin-agent';
import { ApprovalPolicy } from '../guard/approval-policy';
import { AgentRegistry } from '../agents/agent-registry';
import { ThreadHub } from '../hub/thread-hub';
import { CommandSandbox } from '../process/command-sandbox';
import { readSandboxConfig } from '../process/sandbox-config';
import { FileHistory } from '../rewind/file-history';
import { policyRestoreGuard } from '../rewind/policy-restore-guard';
import type { RewindParts } from '../rewind/rewind-parts';
import { CONFIG_FILE, configFileLabel, createMcpServers, loadRelayConfig } from '../relay/relay-config';
import { databaseTarget } from '../store/database-target';
import { openThreadStore } from '../store/prisma-thread-store';
import { Workspace } from '../workspace/workspace';
import { nativeToolServer } from '../agents/builtin/native-tool-server';
import type { ThreadStore } from '../store/thread-store';
import { EcaChats } from './eca-chats';

export interface EcaBackendOptions {
  workspaceRoot: string;
  /** Holds the database and the config file; the agent's file tools never change it. */
  dataDir: string;
  env: Readonly<Record<string, string | undefined>>;
  log: (message: string) => void;
  /** Every content of every chat, once it is stored. */
  onContent: (params: SequencedContentReceivedParams) => void;
}

export interface EcaBackend {
  hub: ThreadHub;
  /** The store under the hub: `chat/rollback`, `chat/fork` and `chat/clear` copy history through it. */
  store: ThreadStore;
  /** What `chat/rollback` restores the agent's file changes from. */
  rewind: RewindParts;
  /** The editor's chats and the threads behind them. */
  chats: EcaChats;
  agent: AgentBackend;
  workspace: Workspace;
  /** The configured MCP servers; undefined when there are none. */
  mcp: McpServerManager | undefined;
  /** The native tool server, then every MCP server as it is now. */
  toolServers(): Array<ToolServerUpdatedParams | McpServerUpdate>;
  /** MCP resources, offered as contexts. */
  resources(): Promise<ChatContext[]>;
  /** Stops every running turn, then closes the agent, the MCP servers and the store. */
  close(): Promise<void>;
}

export async function openEcaBackend(options: EcaBackendOptions): Promise<EcaBackend> {
  const { workspaceRoot, dataDir, env, log, onContent } = options;
  const configFile = path.join(dataDir, CONFIG_FILE);
  const config = await loadRelayConfig(configFile);
  const commandSandbox = await CommandSandbox.start({ config: readSandboxConfig(config.sandbox), workspaceRoot, dataDir, env });
  log(commandSandbox.startupNote());
  const mcp = createMcpServers(config, { cwd: workspaceRoot, log, sandbox: commandSandbox });
  const store = await openThreadStore({ database: databaseTarget({ databaseUrl: env.BATON_DATABASE_URL, dataDir }) });
  const approvalPolicy = ApprovalPolicy.fromConfig(config, configFileLabel(configFile, workspaceRoot));
  let agent: Awaited<ReturnType<typeof createBuiltinAgentFromEnv>>;
  try {
    agent = await createBuiltinAgentFromEnv({
      workspaceRoot,
      env,
      approvalPolicy,
      // The agent must not rewrite its own approval policy or history.
      protectedFolders: [dataDir],
      mcp,
      commandSandbox,
    });
  } catch (error) {
    await store.close();
    throw error;
  }
  const workspace = new Workspace(workspaceRoot, { protectedFolders: [dataDir] });
  const rewind = { fileHistory: new FileHistory(store.history, workspace), restoreGuard: policyRestoreGuard(approvalPolicy) };
  const hub = new ThreadHub({
    store,
    agents: AgentRegistry.builtinOnly(agent),
    broadcast: (_threadId, params) => onContent(params),
    log,
    fileHistory: rewind.fileHistory,
  });
  const { info } = agent;
  log(`workspace ${workspaceRoot}, data in ${dataDir}, model ${info.model}${info.offlineDemo ? ' (offline demo)' : ''}`);
  return {
    hub,
    store,
    rewind,
    chats: new EcaChats(store),
    agent,
    workspace,
    mcp,
    toolServers: () => [nativeToolServer(agent), ...(mcp?.serverUpdates() ?? [])],
    resources: async () => (mcp ? mcp.listResources() : []),
    async close() {
      try {
        await hub.close();
        await agent.close();
        await mcp?.close();
      } finally {
        await store.close();
      }
    },
  };
}
