/**
 * Starts an external agent's process from its config entry (server/rpc/agent-process.ts does the
 * spawning: no shell, process group, staged shutdown): the environment the entry allows, the
 * working directory inside the workspace, stderr to the relay's log, and its last lines kept so
 * that a failure can say what the agent said before it died.
 */
import path from 'node:path';
import type { FramingError } from '../../../lib/rpc/framing/framing-error';
import type { MessageFraming } from '../../../lib/rpc/framing/message-framing';
import { type AgentProcess, AgentProcessError, type ProcessExit, spawnAgentProcess } from '../../rpc/agent-process';
import { AgentUnavailableError } from '../agent-backend';
import type { AgentFactoryContext } from '../agent-factory';
import type { StdioAgentEntry } from '../agents-config';
import { argumentsHoldingRelaySecret, SECRET_IN_COMMAND_LINE } from '../../process/relay-secrets';
import { agentLog } from './agent-log';
import { childEnvironment } from './child-environment';

const STDERR_LINES_KEPT = 8;

export interface AgentChild {
  readonly process: AgentProcess;
  /** What to tell the user once the process has exited: how, and its last stderr lines. */
  describeExit(exit: ProcessExit): string;
}

export interface StartAgentChildOptions {
  framing: MessageFraming;
  onFramingError?: (error: FramingError) => void;
  /** How long each shutdown stage waits (default 2 s each). */
  shutdownGraceMs?: { afterStdinEnd?: number; afterSigterm?: number };
}

export async function startAgentChild(
  entry: StdioAgentEntry,
  context: AgentFactoryContext,
  options: StartAgentChildOptions,
): Promise<AgentChild> {
  const tail: string[] = [];
  const agentLine = agentLog(context);
  const log = (line: string) => {
    agentLine(line);
    const stderr = /^agent stderr: (.*)$/s.exec(line);
    if (stderr) {
      tail.push(stderr[1]!);
      if (tail.length > STDERR_LINES_KEPT) tail.shift();
    }
  };
  if (argumentsHoldingRelaySecret([entry.command, ...(entry.args ?? [])]) !== -1) {
    throw new AgentUnavailableError(`${context.name} was not started: ${SECRET_IN_COMMAND_LINE}`);
  }
  const plain = {
    command: entry.command,
    args: entry.args ?? [],
    cwd: path.resolve(context.workspace.root, entry.cwd ?? '.'),
    env: childEnvironment(entry, context.env, (name) => log(`${name} is left out of its environment: it holds the relay's token`)),
  };
  // In the sandbox only when config.json says `sandbox.agents`: most agents keep logins and
  // caches in the home folder, which the sandbox hides or makes read-only.
  const spawnSpec = context.sandbox ? await context.sandbox.wrapProcess(plain, 'agents') : plain;
  let process: AgentProcess;
  try {
    process = await spawnAgentProcess({
      ...spawnSpec,
      framing: options.framing,
      log,
      onFramingError: options.onFramingError,
      shutdownGraceMs: options.shutdownGraceMs,
    });
  } catch (error) {
    if (error instanceof AgentProcessError) {
      const notFound = (error.cause as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
      throw new AgentUnavailableError(
        notFound
          ? `${context.name} could not start: the command ${JSON.stringify(entry.command)} was not found (is it installed and on PATH?).`
          : `${context.name} could not start: ${error.message}`,
        { cause: error },
      );
    }
    throw error;
  }
  return {
    process,
    describeExit(exit) {
      const how = exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`;
      const last = tail.length > 0 ? ` Its last output: ${tail.slice(-3).join(' / ')}` : '';
      return `${context.name} ${how}.${last}`;
    },
  };
}
