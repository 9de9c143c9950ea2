import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { CommandSandbox } from '../../process/command-sandbox';
import { SandboxConfigSchema } from '../../process/sandbox-config';
import { createRecordingTurn } from '../../hub/testing/recording-turn';
import { type AcpHarness, type AcpHarnessOptions, startAcpHarness } from './testing/acp-support';

const outside = `/var/tmp/baton-acp-terminal-${randomUUID()}`;
let harness: AcpHarness | undefined;

afterEach(async () => {
  await harness?.cleanUp();
  harness = undefined;
  await rm(outside, { force: true });
});

/** The fake agent asks to run the script in a terminal of Baton's; the user approves; what the card shows. */
async function runTerminal(options: AcpHarnessOptions) {
  harness = await startAcpHarness(options);
  const recording = createRecordingTurn({ message: 'run', decide: () => ({ decision: 'approved', optionId: 'yes' }) });
  await harness.agent.runTurn(recording.turn);
  const streamed = recording.contents
    .flatMap((content) => (content.type === 'toolCallRunning' && content.outputChunk ? [content.outputChunk] : []))
    .join('');
  const boundaries = recording.contents.flatMap((content) =>
    (content.type === 'toolCallRunning' || content.type === 'toolCalled') && content.boundary ? [content.boundary] : [],
  );
  return { streamed, boundaries, entry: recording.entries().find((entry) => entry.type === 'toolCall') };
}

const script = `cat .baton-data/config.json; touch ${outside}; echo finished`;

describe("an ACP agent's terminal", () => {
  it('runs in the sandbox: no data folder, no writes outside the workspace, and the card says so', async () => {
    const { streamed, boundaries, entry } = await runTerminal({
      env: { FAKE_TERMINAL_SCRIPT: script },
      sandbox: ({ root, dataFolder }) =>
        CommandSandbox.start({
          config: SandboxConfigSchema.parse({}),
          workspaceRoot: root,
          dataDir: dataFolder,
          env: { PATH: process.env.PATH, HOME: root },
        }),
    });
    expect(streamed).toContain('finished');
    expect(streamed).toContain('Read-only file system');
    expect(streamed).not.toContain('"secret": true');
    expect(existsSync(outside)).toBe(false);
    expect(boundaries.length).toBeGreaterThan(0);
    expect(boundaries.every((boundary) => boundary.sandboxed && boundary.network === false)).toBe(true);
    expect(entry).toMatchObject({ name: 'execute', boundary: { sandboxed: true, network: false } });
  });

  it('says why it is not sandboxed where the sandbox does not hold', async () => {
    const { streamed, entry } = await runTerminal({
      env: { FAKE_TERMINAL_SCRIPT: script },
      sandbox: ({ root, dataFolder }) =>
        CommandSandbox.start({
          config: SandboxConfigSchema.parse({}),
          workspaceRoot: root,
          dataDir: dataFolder,
          env: { PATH: process.env.PATH, HOME: root, BATON_BWRAP_PATH: '/nonexistent/bwrap' },
        }),
    });
    expect(streamed).toContain('finished');
    expect(existsSync(outside)).toBe(true);
    expect(entry).toMatchObject({ boundary: { sandboxed: false, reason: 'bubblewrap missing' } });
  });
});
