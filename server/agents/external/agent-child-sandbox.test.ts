import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ndjsonFraming } from '../../../lib/rpc/framing/ndjson-reader';
import { CommandSandbox } from '../../process/command-sandbox';
import { SandboxConfigSchema } from '../../process/sandbox-config';
import { createSandboxPlace, SECRETS, type SandboxPlace } from '../../process/testing/sandbox-support';
import { Workspace } from '../../workspace/workspace';
import { ApprovalPolicy } from '../../guard/approval-policy';
import { startAgentChild } from './agent-child';

let place: SandboxPlace;
const outside = `/var/tmp/baton-agent-child-${randomUUID()}`;

beforeEach(async () => {
  place = await createSandboxPlace();
});

afterEach(async () => {
  await place.remove();
  await rm(outside, { force: true });
});

/** An "agent" that tries the home folder's key and a write outside the workspace, saying on stderr what came of it, then exits. */
function runAgent(config: { agents: boolean }): Promise<string[]> {
  const script = `cat ~/.ssh/id_ed25519 >&2; echo >&2; touch ${outside} 2>&1 | cat >&2; echo agent-done >&2`;
  return runProgram(config, '/bin/sh', ['-c', script]);
}

/** Runs `command` as an external agent; its stderr lines, once it said agent-done or exited. */
async function runProgram(config: { agents: boolean }, command: string, args: string[]): Promise<string[]> {
  const env = { PATH: process.env.PATH, HOME: place.home };
  const sandbox = await CommandSandbox.start({
    config: SandboxConfigSchema.parse(config),
    workspaceRoot: place.workspaceRoot,
    dataDir: place.dataDir,
    env,
  });
  const logs: string[] = [];
  let done: () => void = () => undefined;
  const saidDone = new Promise<void>((resolve) => (done = resolve));
  const log = (line: string) => {
    logs.push(line);
    if (line.includes('agent-done')) done();
  };
  const child = await startAgentChild(
    { kind: 'acp', command, args, env: {}, passEnv: [] },
    {
      name: 'tester',
      workspace: new Workspace(place.workspaceRoot, { protectedFolders: [place.dataDir] }),
      env,
      policy: new ApprovalPolicy(),
      sandbox,
      log,
    },
    { framing: ndjsonFraming },
  );
  await Promise.race([saidDone, child.process.exited]);
  await child.process.shutdown();
  return logs;
}

describe("an external agent's own process", () => {
  it('runs in the sandbox when config.json says sandbox.agents', async () => {
    const logs = (await runAgent({ agents: true })).join('\n');
    expect(logs).toContain('agent-done');
    expect(logs).not.toContain(SECRETS.key);
    expect(logs).toContain('Read-only file system');
    expect(existsSync(outside)).toBe(false);
  });

  it('an agent installed by Add agent starts in the sandbox, sees its own folder read-only and not the rest of the data folder', async () => {
    const folder = path.join(place.dataDir, 'tools', 'agents', 'tiny', '1.0.0');
    await mkdir(path.join(folder, 'bin'), { recursive: true });
    await writeFile(path.join(folder, 'own-file.txt'), 'the agent’s own file\n');
    const program = path.join(folder, 'bin', 'tiny');
    const dataConfig = path.join(place.dataDir, 'config.json');
    await writeFile(
      program,
      `#!/bin/sh\ncat ${folder}/own-file.txt >&2\ncat ${dataConfig} >&2\ntouch ${folder}/planted 2>&1 | cat >&2\necho agent-done >&2\n`,
      { mode: 0o755 },
    );
    const logs = (await runProgram({ agents: true }, program, [])).join('\n');
    expect(logs).toContain('agent-done');
    expect(logs).toContain('the agent’s own file');
    expect(logs).not.toContain(SECRETS.config);
    expect(logs).toContain('Read-only file system');
    expect(existsSync(path.join(folder, 'planted'))).toBe(false);
  });

  it('runs as it is by default: agents keep their logins in the home folder', async () => {
    const logs = (await runAgent({ agents: false })).join('\n');
    expect(logs).toContain(SECRETS.key);
    expect(existsSync(outside)).toBe(true);
  });
});
