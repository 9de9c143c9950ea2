/**
 * The relay: one HTTP server on one port serving the Next.js UI and socket.io, a thread hub, the
 * store and the agent. `startRelay` is what the command line and the tests call.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import next from 'next';
import type { AgentBackend } from '../agents/agent-backend';
import { createBuiltinAgentFromEnv } from '../agents/builtin/create-builtin-agent';
import { ThreadHub } from '../hub/thread-hub';
import { openThreadStore } from '../store/prisma-thread-store';
import { Workspace } from '../workspace/workspace';
import { AccessGuard, generateToken } from './access-guard';
import { createGuardedHandler } from './http-handler';
import { PROJECT_ROOT } from './project-root';
import { registerRpcHandlers } from './rpc-handlers';
import { createSocketServer } from './socket-server';

export interface RelayOptions {
  host: string;
  port: number;
  workspaceRoot: string;
  dataDir: string;
  /** The launch token; a random one when absent. */
  token?: string;
  env: NodeJS.ProcessEnv;
  log: (message: string) => void;
}

export interface RunningRelay {
  url: string;
  token: string;
  close(): Promise<void>;
}

export async function startRelay(options: RelayOptions): Promise<RunningRelay> {
  const { log } = options;
  const token = options.token ?? generateToken();
  const guard = new AccessGuard({ token, allowedHosts: [options.host] });
  const workspace = new Workspace(options.workspaceRoot);
  const store = await openThreadStore({ databaseFile: path.join(options.dataDir, 'baton.db') });
  const agent: AgentBackend = await createBuiltinAgentFromEnv({ workspaceRoot: workspace.root, env: options.env });

  const ui = next({ dev: false, dir: PROJECT_ROOT, quiet: true });
  await ui.prepare();
  const handleUi = ui.getRequestHandler();

  const httpServer = createServer(createGuardedHandler(guard, (request, response) => handleUi(request, response)));
  const sockets = createSocketServer(httpServer, {
    guard,
    log,
    onTab: ({ connection, watchThread }) =>
      registerRpcHandlers({ connection, watchThread, hub, workspace, agent: agent.info }),
  });
  const hub = new ThreadHub({ store, agent, broadcast: sockets.broadcast, log });

  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(options.port, options.host, () => resolve());
  });
  const { port } = httpServer.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;

  return {
    url: `http://${host}:${port}/?token=${token}`,
    token,
    async close() {
      await hub.close();
      await sockets.close();
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
      await ui.close();
      await agent.close();
      await store.close();
    },
  };
}
