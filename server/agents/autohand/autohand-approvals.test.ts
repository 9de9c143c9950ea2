import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ChatContent } from '../../../lib/protocol/eca-chat';
import type { ApprovalAnswer, ApprovalDecision } from '../agent-backend';
import { createRecordingTurn } from '../../hub/testing/recording-turn';
import { answerText, useAutohandFixture } from './testing/autohand-support';

const fixture = useAutohandFixture();

const ofType = <T extends ChatContent['type']>(contents: readonly ChatContent[], type: T) =>
  contents.filter((content): content is Extract<ChatContent, { type: T }> => content.type === type);

describe('Autohand permission requests', { timeout: 30_000 }, () => {
  it('shows a card, acknowledges it, and runs the allowed tool on the same card (reference build)', async () => {
    const agent = fixture.agent({ flavor: 'reference' });
    const recording = createRecordingTurn({ message: 'write please', decide: () => 'approved' });
    await agent.runTurn(recording.turn);
    const [card] = ofType(recording.contents, 'toolCallRun');
    expect(card).toMatchObject({ name: 'write_file', manualApproval: true, summary: 'Write notes.txt', arguments: { path: 'notes.txt' } });
    expect(card).not.toHaveProperty('approvalOptions');
    expect(recording.approvalsAsked).toEqual([card!.id]);
    expect(await fixture.sent('autohand.permissionAcknowledged')).toEqual([{ requestId: expect.any(String) }]);
    expect(await fixture.sent('autohand.permissionResponse')).toEqual([{ requestId: expect.any(String), allowed: true }]);
    expect(answerText(recording.contents)).toContain('Permission for write_file: allowed (no decision, acknowledged).');
    // The tool's own start continues the card the user approved rather than opening another.
    expect(ofType(recording.contents, 'toolCalled').map((content) => content.id)).toEqual([card!.id]);
    expect(await readFile(path.join(fixture.workspaceRoot, 'notes.txt'), 'utf8')).toBe('Notes written by the fake Autohand.\n');
  });

  it("offers the observed build's options and sends back the one picked", async () => {
    const agent = fixture.agent({ flavor: 'observed' });
    const recording = createRecordingTurn({
      message: 'run a command',
      decide: () => ({ decision: 'approved-for-session', optionId: 'allow_session' }),
    });
    await agent.runTurn(recording.turn);
    const [card] = ofType(recording.contents, 'toolCallRun');
    expect(card?.arguments).toEqual({ command: 'rm -rf build' });
    expect(card?.approvalOptions?.map((option) => option.optionId)).toEqual([
      'allow_once',
      'deny_once',
      'allow_session',
      'deny_session',
      'allow_always_project',
      'allow_always_user',
      'deny_always_project',
      'deny_always_user',
    ]);
    expect(await fixture.sent('autohand.permissionResponse')).toEqual([{ requestId: 'perm-1', allowed: true, decision: 'allow_session' }]);
    expect(answerText(recording.contents)).toContain('Permission for run_command: allowed (allow_session, acknowledged).');

    // "For this session" is remembered by the relay too: the next request is not asked.
    const next = createRecordingTurn({ message: 'run a command again' });
    await agent.runTurn(next.turn);
    expect(next.approvalsAsked).toEqual([]);
    expect(ofType(next.contents, 'toolCallRun')[0]).toMatchObject({ manualApproval: false });
    // Allowed by the relay's memory of the session: this one request is allowed once.
    expect((await fixture.sent('autohand.permissionResponse'))[1]).toEqual({ requestId: 'perm-1', allowed: true, decision: 'allow_once' });
  });

  it('refuses what the relay denies without asking anyone', async () => {
    const agent = fixture.agent({
      flavor: 'observed',
      rules: [{ tool: 'run_command', decision: 'deny', when: { argument: 'command', startsWith: 'rm ' } }],
    });
    const recording = createRecordingTurn({ message: 'command' });
    await agent.runTurn(recording.turn);
    expect(recording.approvalsAsked).toEqual([]);
    expect(ofType(recording.contents, 'toolCallRejected')).toEqual([
      expect.objectContaining({
        name: 'run_command',
        reason: 'user-config',
        summary: expect.stringContaining("refused by Baton's config"),
      }),
    ]);
    expect(await fixture.sent('autohand.permissionResponse')).toEqual([{ requestId: 'perm-1', allowed: false, decision: 'deny_once' }]);
    expect(ofType(recording.contents, 'toolCallRunning')).toEqual([]);
    expect(answerText(recording.contents)).toContain('Permission for run_command: denied (deny_once');
  });

  it('tells Autohand when the user rejects', async () => {
    const agent = fixture.agent({ flavor: 'reference' });
    const recording = createRecordingTurn({ message: 'command', decide: () => 'rejected' });
    await agent.runTurn(recording.turn);
    expect(ofType(recording.contents, 'toolCallRejected')).toEqual([expect.objectContaining({ reason: 'user-choice' })]);
    expect(await fixture.sent('autohand.permissionResponse')).toEqual([{ requestId: expect.any(String), allowed: false }]);
  });
});

describe('Autohand change batches', { timeout: 30_000 }, () => {
  async function prepare() {
    await writeFile(path.join(fixture.workspaceRoot, 'b.txt'), 'bravo\n');
    await writeFile(path.join(fixture.workspaceRoot, 'c.txt'), 'charlie\n');
  }
  const read = (name: string) => readFile(path.join(fixture.workspaceRoot, name), 'utf8');

  it('asks once for the batch, then file by file when the user picks files, and applies only those in one decision', async () => {
    await prepare();
    const agent = fixture.agent({ flavor: 'reference' });
    const decide = (id: string): ApprovalDecision | ApprovalAnswer =>
      id.endsWith('/review') ? { decision: 'approved', optionId: 'pick' } : id.endsWith('/change-b') ? 'rejected' : 'approved';
    const recording = createRecordingTurn({ message: 'changes', decide });
    await agent.runTurn(recording.turn);
    // The proposed files first, with their diffs, then the one review card, then a card per file.
    const prepared = ofType(recording.contents, 'toolCallPrepare');
    expect(prepared.map((card) => card.summary)).toEqual([
      'Create a.txt: Create a.txt',
      'Change b.txt: Change b.txt',
      'Delete c.txt: Delete c.txt',
    ]);
    expect(prepared[1]?.details).toMatchObject({ type: 'fileChange', path: 'b.txt', linesAdded: 1, linesRemoved: 1 });
    expect(prepared[1]?.details?.diff).toContain('-bravo\n+bravo, changed');
    expect(prepared[0]?.details?.diff).toContain('--- /dev/null');
    const cards = ofType(recording.contents, 'toolCallRun');
    expect(cards[0]).toMatchObject({ name: 'review_changes', summary: 'Review 3 proposed file changes', manualApproval: true });
    expect(cards[0]?.approvalOptions?.map((option) => option.name)).toEqual(['Accept all', 'Pick files…', 'Reject all']);
    expect(recording.approvalsAsked).toEqual([
      'batch-turn-1/review',
      'batch-turn-1/change-a',
      'batch-turn-1/change-b',
      'batch-turn-1/change-c',
    ]);
    expect(await fixture.sent('autohand.changesDecision')).toEqual([
      { batchId: 'batch-turn-1', action: 'accept_selected', selectedChangeIds: ['change-a', 'change-c'] },
    ]);
    expect(ofType(recording.contents, 'toolCallRejected').map((content) => content.id)).toEqual(['batch-turn-1/change-b']);
    expect(ofType(recording.contents, 'toolCalled').map((content) => [content.id, content.error])).toEqual([
      ['batch-turn-1/review', false],
      ['batch-turn-1/change-a', false],
      ['batch-turn-1/change-c', false],
    ]);
    expect(await read('a.txt')).toBe('alpha\n');
    expect(await read('b.txt')).toBe('bravo\n');
    expect(existsSync(path.join(fixture.workspaceRoot, 'c.txt'))).toBe(false);
  });

  it('accepts all or rejects all with one answer on the review card', async () => {
    await prepare();
    const agent = fixture.agent({ flavor: 'observed' });
    const rejecting = createRecordingTurn({ message: 'changes', decide: () => ({ decision: 'rejected', optionId: 'reject-all' }) });
    await agent.runTurn(rejecting.turn);
    expect(rejecting.approvalsAsked).toEqual(['batch-turn-1/review']);
    expect(ofType(rejecting.contents, 'toolCallRejected').map((content) => content.id)).toEqual([
      'batch-turn-1/review',
      'batch-turn-1/change-a',
      'batch-turn-1/change-b',
      'batch-turn-1/change-c',
    ]);
    expect(await read('b.txt')).toBe('bravo\n');
    const accepting = createRecordingTurn({ message: 'changes', decide: () => ({ decision: 'approved', optionId: 'accept-all' }) });
    await agent.runTurn(accepting.turn);
    expect(accepting.approvalsAsked).toEqual(['batch-turn-2/review']);
    expect((await fixture.sent('autohand.changesDecision')).map((params) => params.action)).toEqual(['reject_all', 'accept_all']);
    expect(await read('b.txt')).toBe('bravo, changed\n');
  });

  it("reviews the observed build's batched write after its permission, and sends no decision for an empty batch", async () => {
    const agent = fixture.agent({ flavor: 'observed' });
    await agent.runTurn(createRecordingTurn({ message: 'hello' }).turn);
    expect(await fixture.sent('autohand.changesDecision')).toEqual([]);

    const recording = createRecordingTurn({ message: 'write', decide: () => 'approved' });
    await agent.runTurn(recording.turn);
    const cards = ofType(recording.contents, 'toolCallRun');
    expect(cards.map((card) => card.name)).toEqual(['write_file', 'write_file']);
    expect(cards[1]).toMatchObject({ summary: 'Create notes.txt: Write notes', details: { path: 'notes.txt', linesAdded: 1 } });
    expect(await fixture.sent('autohand.changesDecision')).toEqual([{ batchId: 'batch-turn-2', action: 'accept_all' }]);
    expect(await read('notes.txt')).toBe('Notes written by the fake Autohand.\n');
  });

  it('applies the relay’s deny rule to a proposed change', async () => {
    await prepare();
    const agent = fixture.agent({ flavor: 'reference', rules: [{ tool: 'delete_file', decision: 'deny' }] });
    const recording = createRecordingTurn({ message: 'changes', decide: () => 'approved' });
    await agent.runTurn(recording.turn);
    // The denied file never reaches the review card; the other two are accepted with one answer.
    expect(recording.approvalsAsked).toEqual(['batch-turn-1/review']);
    expect(ofType(recording.contents, 'toolCallRun')[0]?.summary).toBe('Review 2 proposed file changes');
    expect(await fixture.sent('autohand.changesDecision')).toEqual([
      { batchId: 'batch-turn-1', action: 'accept_selected', selectedChangeIds: ['change-a', 'change-b'] },
    ]);
    expect(await read('c.txt')).toBe('charlie\n');
  });
});
