import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
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
async function runAgent(config: { agents: boolean }): Promise<string[]> {
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
  const script = `cat ~/.ssh/id_ed25519 >&2; echo >&2; touch ${outside} 2>&1 | cat >&2; echo agent-done >&2`;
  const child = await startAgentChild(
    { kind: 'acp', command: '/bin/sh', args: ['-c', script], env: {}, passEnv: [] },
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
  await saidDone;
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

  it('runs as it is by default: agents keep their logins in the home folder', async () => {
    const logs = (await runAgent({ agents: false })).join('\n');
    expect(logs).toContain(SECRETS.key);
    expect(existsSync(outside)).toBe(true);
  });
});
