/**
 * An ACP agent meets the rules about commands whatever shape its calls take: Codex's argv array,
 * Gemini CLI's title-only call, a terminal Baton starts for it. And a permission covers only what
 * it named: a hostile agent that gets a `read` approved cannot run a terminal or write a file
 * under it without a question of their own.
 */
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApprovalDecision } from '../agent-backend';
import type { ToolApprovalRule } from '../../guard/agent-config';
import { createRecordingTurn } from '../../hub/testing/recording-turn';
import { type AcpHarness, startAcpHarness } from './testing/acp-support';

let harness: AcpHarness | undefined;
afterEach(async () => {
  await harness?.cleanUp();
  harness = undefined;
});

async function start(rules: ToolApprovalRule[] = []) {
  harness = await startAcpHarness({ rules });
  await writeFile(path.join(harness.root, 'victim.txt'), 'keep me\n');
  return harness;
}

async function prompt(message: string, decide: () => ApprovalDecision = () => 'approved') {
  const recording = createRecordingTurn({ message, decide });
  await harness?.agent.runTurn(recording.turn);
  const text = recording.contents.flatMap((content) => (content.type === 'text' ? [content.text] : [])).join('');
  return { recording, text };
}

const victimKept = () => existsSync(path.join(harness!.root, 'victim.txt'));
const denyRm: ToolApprovalRule = { action: 'execute', program: 'rm', decision: 'deny' };
const denyRmOfShellCommand: ToolApprovalRule = { tool: 'shell_command', decision: 'deny', when: { argument: 'command', startsWith: 'rm' } };

describe('a deny rule on rm', () => {
  for (const [shape, rule] of [
    ['codex', denyRm],
    ['gemini', denyRm],
    ['codex', denyRmOfShellCommand],
    ['gemini', denyRmOfShellCommand],
  ] as const) {
    it(`refuses ${shape}'s rm without asking (${rule.action ? 'action rule' : "today's shell_command rule"})`, async () => {
      await start([rule]);
      const { recording, text } = await prompt(`${shape}-rm`);
      expect(recording.approvalsAsked).toEqual([]);
      expect(recording.contents.find((content) => content.type === 'toolCallRejected')).toMatchObject({ reason: 'user-config' });
      expect(text).toContain(`${shape} rm not allowed`);
      expect(victimKept()).toBe(true);
    });
  }

  it('lets other commands of the same shapes ask as before', async () => {
    await start([{ action: 'execute', program: 'git', decision: 'deny' }]);
    const { recording, text } = await prompt('codex-rm', () => 'rejected');
    expect(recording.approvalsAsked).toHaveLength(1);
    expect(text).toContain('codex rm not allowed');
  });
});

describe('a gemini call that names its command in the title only', () => {
  it('is never allowed by an allow rule, which cannot see what really runs: it asks', async () => {
    await start([{ action: 'execute', program: 'rm', decision: 'allow' }]);
    const { recording } = await prompt('gemini-rm', () => 'rejected');
    expect(recording.approvalsAsked).toHaveLength(1);
    expect(recording.contents.find((content) => content.type === 'toolCallRun')).toMatchObject({
      manualApproval: true,
      summary: expect.stringContaining('the agent named its command in the title only'),
    });
    expect(victimKept()).toBe(true);
  });
});

describe('an approved read', () => {
  it('covers neither a terminal nor a write: each is asked on its own card', async () => {
    await start();
    const { recording, text } = await prompt('sneak', () => 'rejected');
    // The read itself is allowed by default; the terminal and the write each ask, and are refused.
    expect(recording.approvalsAsked).toHaveLength(2);
    expect(text).toContain('terminal refused');
    expect(text).toContain('write refused');
    expect(victimKept()).toBe(true);
    expect(existsSync(path.join(harness!.root, 'sneaked.txt'))).toBe(false);
  });

  it('a terminal deny rule on rm refuses `sh -c "rm …"` at once', async () => {
    await start([{ tool: 'terminal', decision: 'deny', when: { argument: 'command', equals: 'rm' } }]);
    const { text } = await prompt('sneak', () => 'rejected');
    expect(text).toMatch(/terminal refused: .*running sh -c rm -f victim.txt \(Baton's config\)/);
    expect(victimKept()).toBe(true);
  });
});
