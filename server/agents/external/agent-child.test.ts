/** An agent whose command line would hold the relay's token is not started: every local user could read it. */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ndjsonFraming } from '../../../lib/rpc/framing/ndjson-reader';
import { holdRelaySecret } from '../../process/relay-secrets';
import { Workspace } from '../../workspace/workspace';
import { AgentUnavailableError } from '../agent-backend';
import { ApprovalPolicy } from '../../guard/approval-policy';
import { startAgentChild } from './agent-child';

const TOKEN = 'agent-child-test-token-0123456789abcdef';
let root: string;
let release: () => void;

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'baton-agent-child-'));
  release = holdRelaySecret(TOKEN);
});

afterEach(async () => {
  release();
  await rm(root, { recursive: true, force: true });
});

describe('startAgentChild', () => {
  it("refuses a command line holding the relay's token, and runs nothing", async () => {
    const marker = path.join(root, 'ran');
    const entry = { kind: 'acp' as const, command: 'touch', args: [marker, `--token=${TOKEN}`], env: {}, passEnv: [] };
    const context = {
      name: 'leaky',
      workspace: new Workspace(root),
      env: { PATH: process.env.PATH },
      policy: ApprovalPolicy.fromConfig({ toolApproval: [] }),
      log: () => undefined,
    };
    const started = startAgentChild(entry, context, { framing: ndjsonFraming });
    await expect(started).rejects.toThrow(AgentUnavailableError);
    await expect(started).rejects.toThrow(
      "leaky was not started: its command line holds the relay's token, which every local user could read while it runs; take it out of config.json",
    );
    expect(await readdir(root)).toEqual([]);
  });
});
