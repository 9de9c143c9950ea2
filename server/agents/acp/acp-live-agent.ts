/**
 * One running ACP agent: its process (agent-child.ts), the SDK's ClientSideConnection over
 * Baton's NDJSON transport, and the answer to `initialize`
 * (https://agentclientprotocol.com/protocol/initialization), where Baton says it serves file
 * reads and writes, terminals, questions to the user, and running a `terminal` auth method's login
 * (acp-login.ts).
 */
import type { AgentCapabilities, AuthMethod, Client, ClientSideConnection } from '@agentclientprotocol/sdk';
import type { AgentSupport } from '../../../lib/protocol/agents';
import { ndjsonFraming } from '../../../lib/rpc/framing/ndjson-reader';
import { AgentUnavailableError } from '../agent-backend';
import type { AgentFactoryContext } from '../agent-factory';
import type { StdioAgentEntry } from '../agents-config';
import { type AgentChild, startAgentChild } from '../external/agent-child';
import { agentLog } from '../external/agent-log';
import { agentSupport } from './acp-agent-support';
import { loadAcpSdk } from './acp-sdk';
import { acpStream } from './acp-stream';

/** A real agent (Claude Code's adapter) takes a few seconds to answer `initialize` on a cold start. */
const INITIALIZE_TIMEOUT_MS = 60_000;

export interface LiveAgent {
  readonly child: AgentChild;
  readonly connection: ClientSideConnection;
  readonly capabilities: AgentCapabilities;
  /** The same answer, as the UI shows it. */
  readonly support?: AgentSupport;
  /** How the agent logs its user in, as `initialize` listed them (acp-login.ts runs the `terminal` ones). */
  readonly authMethods: readonly AuthMethod[];
  /** Settles, with what to tell the user, once the agent can no longer be spoken to. */
  readonly gone: Promise<string>;
  isGone(): boolean;
  shutdown(): Promise<void>;
}

export interface LiveAgentHandlers {
  client: Client;
  onSessionUpdate(params: unknown): void;
  onRequestCancelled(request: { method: string; params: unknown }): void;
}

export async function startLiveAgent(
  entry: StdioAgentEntry,
  context: AgentFactoryContext,
  handlers: LiveAgentHandlers,
): Promise<LiveAgent> {
  const { ClientSideConnection, PROTOCOL_VERSION } = await loadAcpSdk();
  const child = await startAgentChild(entry, context, { framing: ndjsonFraming });
  const log = agentLog(context);
  let goneReason: string | undefined;
  let markGone: (reason: string) => void = () => undefined;
  const gone = new Promise<string>((resolve) => {
    markGone = (reason) => {
      goneReason ??= reason;
      resolve(goneReason);
    };
  });
  void child.process.exited.then((exit) => markGone(child.describeExit(exit)));
  const stream = acpStream(child.process.transport, {
    onSessionUpdate: handlers.onSessionUpdate,
    onRequestCancelled: handlers.onRequestCancelled,
    // Its output ended: it exited or is about to; the exit, when it comes, says how.
    onClose: (reason) => {
      log(`connection closed: ${reason}`);
      void Promise.race([child.process.exited, delay(500)]).then((exit) =>
        markGone(exit ? child.describeExit(exit) : `${context.name} closed its connection (${reason}).`),
      );
    },
    log,
  });
  const connection = new ClientSideConnection(() => handlers.client, stream);
  const live: LiveAgent = {
    child,
    connection,
    capabilities: {},
    authMethods: [],
    gone,
    isGone: () => goneReason !== undefined,
    shutdown: async () => {
      markGone(`${context.name} was stopped.`);
      await child.process.shutdown();
    },
  };
  try {
    const answer = await untilGone(
      live,
      withTimeout(
        connection.initialize({
          protocolVersion: PROTOCOL_VERSION,
          // Questions to the user (forms and links, as cards in the thread: acp-elicitations.ts), and
          // a `terminal` auth method's login run by Baton (acp-login.ts).
          clientCapabilities: {
            fs: { readTextFile: true, writeTextFile: true },
            terminal: true,
            elicitation: { form: {}, url: {} },
            auth: { terminal: true },
            // On/off settings shown as toggles (acp-session-settings.ts).
            session: { configOptions: { boolean: {} } },
          },
          clientInfo: { name: 'baton', title: 'Baton', version: '0.1.0' },
        }),
        INITIALIZE_TIMEOUT_MS,
        `${context.name} did not answer initialize within ${INITIALIZE_TIMEOUT_MS / 1000} s.`,
      ),
    );
    log(`initialized: protocol ${answer.protocolVersion}, ${JSON.stringify(answer.agentCapabilities ?? {})}`);
    return {
      ...live,
      capabilities: answer.agentCapabilities ?? {},
      support: agentSupport(answer),
      authMethods: answer.authMethods ?? [],
    };
  } catch (error) {
    await child.process.shutdown();
    if (error instanceof AgentUnavailableError) throw error;
    throw new AgentUnavailableError(`${context.name} could not be initialized: ${describe(error)}`, { cause: error });
  }
}

/** The request's answer, or AgentUnavailableError as soon as the agent is gone. */
export async function untilGone<T>(live: Pick<LiveAgent, 'gone'>, request: Promise<T>): Promise<T> {
  return Promise.race([
    request,
    live.gone.then((reason) => {
      throw new AgentUnavailableError(reason);
    }),
  ]);
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AgentUnavailableError(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function delay(ms: number): Promise<undefined> {
  return new Promise((resolve) => setTimeout(() => resolve(undefined), ms));
}

export function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null && 'message' in error) return String((error as { message: unknown }).message);
  return String(error);
}
