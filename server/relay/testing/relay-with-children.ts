/**
 * For children-end-with-relay.test.ts: a stand-in for the relay that starts one child the way each of the
 * relay's paths does (a shell command, an agent process, a stdio MCP server), each leaving a second
 * process in its group, prints every pid as one JSON line, and waits to be killed.
 */
import { GroupStdioTransport } from '../../agents/builtin/mcp/group-stdio-transport';
import { loadMcpSdk } from '../../agents/builtin/mcp/mcp-sdk';
import { runShellCommand } from '../../process/shell-process';
import { ndjsonFraming } from '../../../lib/rpc/framing/ndjson-reader';
import { spawnAgentProcess } from '../../rpc/agent-process';

/** A child that prints nothing on stdout: a sleeper in the background, its pid on stderr, and a sleeper in front. */
const SLEEPERS = 'sleep 1000 & echo $! >&2; exec sleep 1000';
const env = { PATH: process.env.PATH ?? '/usr/bin:/bin' };

function firstLine(onText: (listener: (text: string) => void) => void): Promise<number> {
  return new Promise((resolve) => onText((text) => resolve(Number(text.trim().split('\n')[0]))));
}

async function main(): Promise<void> {
  let shellOutput = '';
  const shellPids = new Promise<number[]>((resolve) => {
    void runShellCommand({
      command: `echo $$; ${SLEEPERS}`,
      cwd: process.cwd(),
      env,
      timeoutMs: 1_000_000,
      signal: new AbortController().signal,
      onOutput(chunk) {
        shellOutput += chunk;
        const pids = shellOutput.split('\n').filter(Boolean).map(Number);
        if (pids.length >= 2) resolve(pids);
      },
    });
  });

  let agentBackground: (text: string) => void = () => undefined;
  const agent = await spawnAgentProcess({
    command: '/bin/sh',
    args: ['-c', SLEEPERS],
    cwd: process.cwd(),
    env,
    framing: ndjsonFraming,
    log: (line) => agentBackground(line.replace(/^agent stderr: /, '')),
  });
  const agentGrandchild = await firstLine((listener) => (agentBackground = listener));

  const mcp = new GroupStdioTransport(
    { command: '/bin/sh', args: ['-c', SLEEPERS], cwd: process.cwd(), env, graceMs: 500 },
    await loadMcpSdk(),
  );
  const mcpGrandchild = firstLine((listener) => mcp.stderr.once('data', (chunk: Buffer) => listener(chunk.toString())));
  await mcp.start();

  const pids = [...(await shellPids), agent.pid, agentGrandchild, mcp.pid, await mcpGrandchild];
  process.stdout.write(`${JSON.stringify(pids)}\n`);
  setInterval(() => undefined, 60_000);
}

main().catch((error: unknown) => {
  process.stderr.write(`fixture failed: ${String(error)}\n`);
  process.exit(1);
});
