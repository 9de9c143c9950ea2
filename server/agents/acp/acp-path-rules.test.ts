/**
 * An ACP agent meets the same rules about paths as the built-in one: through its own tool calls'
 * locations and through Baton's `fs/*` methods. A rule about reading a file makes fs/read_text_file
 * ask; a change inside .git asks even when a rule allows edits; special files are refused.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeSpecialFiles, type SpecialFiles } from '../../workspace/testing/special-files-support';
import type { ApprovalDecision } from '../agent-backend';
import { createRecordingTurn } from '../../hub/testing/recording-turn';
import { type AcpHarness, type AcpHarnessOptions, startAcpHarness } from './testing/acp-support';

let harness: AcpHarness | undefined;
let specials: SpecialFiles | undefined;
afterEach(async () => {
  await specials?.close();
  await harness?.cleanUp();
  harness = specials = undefined;
});

async function start(options: AcpHarnessOptions = {}) {
  harness = await startAcpHarness(options);
  await writeFile(path.join(harness.root, '.env'), 'API_TOKEN=s3cret-value\n');
  await mkdir(path.join(harness.root, '.git'));
  await writeFile(path.join(harness.root, '.git', 'config'), '[core]\n');
  return harness;
}

async function prompt(message: string, decide?: () => ApprovalDecision) {
  const recording = createRecordingTurn({ message, ...(decide ? { decide } : {}) });
  await harness?.agent.runTurn(recording.turn);
  const text = recording.contents.flatMap((content) => (content.type === 'text' ? [content.text] : [])).join('');
  return { recording, text };
}

describe('fs/read_text_file', () => {
  const askEnv = { rules: [{ tool: 'read_file', decision: 'ask' as const, when: { argument: 'path', equals: '.env' } }] };

  it('asks before reading a file a rule about reading asks about, and refuses when the user says no', async () => {
    const { root } = await start(askEnv);
    const refused = await prompt(`read ${path.join(root, '.env')}`, () => 'rejected');
    expect(refused.recording.approvalsAsked).toHaveLength(1);
    expect(refused.text).toContain('read refused');
    expect(refused.text).not.toContain('s3cret');

    const allowed = await prompt(`read ${path.join(root, 'docs', '..', '.env')}`, () => 'approved');
    expect(allowed.recording.contents.find((content) => content.type === 'toolCallRun')).toMatchObject({
      manualApproval: true,
      summary: 'Reading .env (asked by your rule "ask read_file when path equals ".env"")',
    });
    expect(allowed.text).toContain('read ok: API_TOKEN=s3cret-value');
  });

  it('refuses a FIFO, a socket or a device at once, saying what it is', async () => {
    const { root } = await start();
    specials = await makeSpecialFiles(root);
    for (const { name, kind } of specials.files) {
      const file = path.join(root, name);
      expect((await prompt(`read ${file}`)).text).toContain(`read refused: Invalid params: ${file} is ${kind}, not a regular file;`);
    }
  });
});

describe('a change inside .git', () => {
  it('asks though a rule allows every edit, and is made only after a yes', async () => {
    const { root } = await start({ rules: [{ tool: 'edit', decision: 'allow' }] });
    const refused = await prompt('put .git/config', () => 'rejected');
    expect(refused.recording.approvalsAsked).toHaveLength(1);
    expect(await readFile(path.join(root, '.git', 'config'), 'utf8')).toBe('[core]\n');

    const approved = await prompt('put .git/config', () => 'approved');
    // One question: the agent's call named the path, so its write needs no second one.
    expect(approved.recording.approvalsAsked).toHaveLength(1);
    expect(await readFile(path.join(root, '.git', 'config'), 'utf8')).toBe('fake notes\nline two\n');
  });
});

describe('a deny rule about writing a path', () => {
  it("refuses the agent's edit of it without asking, whatever tool the rule names", async () => {
    const { root } = await start({ rules: [{ tool: 'write_file', decision: 'deny', when: { argument: 'path', startsWith: 'locked/' } }] });
    const { recording } = await prompt('put locked/notes.txt', () => 'approved');
    expect(recording.approvalsAsked).toEqual([]);
    expect(recording.contents.find((content) => content.type === 'toolCallRejected')).toMatchObject({ reason: 'user-config' });
    expect(existsSync(path.join(root, 'locked', 'notes.txt'))).toBe(false);
  });
});
