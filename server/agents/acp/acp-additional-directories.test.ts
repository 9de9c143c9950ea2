import { mkdir, mkdtemp, realpath, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createRecordingTurn } from '../../hub/testing/recording-turn';
import { type AcpHarness, startAcpHarness } from './testing/acp-support';

let harness: AcpHarness | undefined;
const outsides: string[] = [];
afterEach(async () => {
  await harness?.cleanUp();
  harness = undefined;
  for (const folder of outsides.splice(0)) await rm(folder, { recursive: true, force: true });
});

/** A workspace with two folders inside, a link out of it, and config naming those, the data folder and worse. */
async function startWith(advertised: boolean) {
  const root = await mkdtemp(path.join(os.tmpdir(), 'baton-acp-dirs-'));
  const outside = await mkdtemp(path.join(os.tmpdir(), 'baton-acp-outside-'));
  outsides.push(root, outside);
  await mkdir(path.join(root, 'packages', 'web'), { recursive: true });
  await mkdir(path.join(root, 'docs'));
  await symlink(outside, path.join(root, 'link-out'));
  harness = await startAcpHarness({
    root,
    env: { FAKE_ACP_NOTE_DIRECTORIES: '1', ...(advertised ? { FAKE_ACP_ADDITIONAL_DIRECTORIES: '1' } : {}) },
    additionalDirectories: ['packages/web', 'docs', '.baton-data', 'link-out', outside, '../', 'missing', 'packages/web'],
  });
  await harness.agent.runTurn(createRecordingTurn({ message: 'hi' }).turn);
  const [, said] = await harness.waitForLog(/agent stderr: fake-acp: additional directories (.*)/);
  return { root, outside, said: said!.trim() };
}

describe('ACP additionalDirectories', () => {
  it('sends only the configured folders that pass the path rules, resolved, to an agent that takes them', async () => {
    const { said, outside } = await startWith(true);
    const sent = JSON.parse(said) as string[];
    const realRoot = await realpath(harness!.root);
    expect(sent).toEqual([path.join(realRoot, 'packages', 'web'), path.join(realRoot, 'docs')]);
    for (const left of ['.baton-data', 'link-out', outside, '../', 'missing']) {
      expect(harness!.logs.some((line) => line.includes(`additional directory ${JSON.stringify(left)} is left out`))).toBe(true);
    }
  });

  it('sends none to an agent that does not advertise them', async () => {
    const { said } = await startWith(false);
    expect(said).toBe('none');
  });
});
