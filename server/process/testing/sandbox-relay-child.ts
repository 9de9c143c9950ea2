/**
 * For command-sandbox-unprivileged.test.ts: a stand-in for a relay run by a user who is not root.
 * Reads `{workspaceRoot, dataDir, home, commands}` as JSON from its first argument, starts the
 * command sandbox as the relay does (the probe included), runs each command line as the shell
 * tool does, and prints `{availability, runs}` as one JSON line.
 */
import { CommandSandbox } from '../command-sandbox';
import { SandboxConfigSchema } from '../sandbox-config';
import { runInSandbox } from './sandbox-support';

interface FixtureInput {
  workspaceRoot: string;
  dataDir: string;
  home: string;
  commands: string[];
}

async function main(): Promise<void> {
  const input = JSON.parse(process.argv[2] ?? '{}') as FixtureInput;
  const sandbox = await CommandSandbox.start({
    config: SandboxConfigSchema.parse({}),
    workspaceRoot: input.workspaceRoot,
    dataDir: input.dataDir,
    env: { PATH: process.env.PATH, HOME: input.home },
  });
  const runs = [];
  for (const command of input.commands) runs.push(await runInSandbox(sandbox, command, { cwd: input.workspaceRoot, home: input.home }));
  process.stdout.write(`${JSON.stringify({ uid: process.getuid?.(), availability: sandbox.availability, runs })}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`fixture failed: ${String(error)}\n`);
  process.exit(1);
});
