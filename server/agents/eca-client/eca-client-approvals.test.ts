import { describe, expect, it } from 'vitest';
import { createRecordingTurn } from '../../hub/testing/recording-turn';
import { fakeServerEntry, spokenText, useEcaClient } from './testing/eca-client-support';

const ofType = (type: string) => (content: { type: string }) => content.type === type;

describe('ECA client: approvals go through the relay’s rules and its card', () => {
  const fixture = useEcaClient();

  it('shows the card once, waits for the user and approves the server’s call', async () => {
    const backend = fixture.backend();
    const recording = createRecordingTurn({ message: 'write a note', decide: () => 'approved' });
    await backend.runTurn(recording.turn);
    expect(recording.approvalsAsked).toHaveLength(1);
    const runs = recording.contents.filter(ofType('toolCallRun'));
    expect(runs).toEqual([expect.objectContaining({ name: 'write_file', manualApproval: true, summary: 'Writing notes.md' })]);
    expect(recording.approvalsAsked[0]).toBe(runs[0]!.type === 'toolCallRun' ? runs[0]!.id : '');
    expect(recording.contents.find(ofType('toolCalled'))).toMatchObject({
      details: { type: 'fileChange', path: 'notes.md', linesAdded: 1, linesRemoved: 0 },
    });
    expect(spokenText(recording.contents)).toBe('Written.');
    expect(recording.entries().find((entry) => entry.type === 'toolCall')).toMatchObject({ status: 'succeeded' });
  });

  it('forwards "approve for this session" as save: session', async () => {
    const backend = fixture.backend();
    const recording = createRecordingTurn({ message: 'write a note', decide: () => 'approved-for-session' });
    await backend.runTurn(recording.turn);
    expect(spokenText(recording.contents)).toBe('Written (approved for the session).');
  });

  it('rejects when the user says no, and shows the refusal once', async () => {
    const backend = fixture.backend();
    const recording = createRecordingTurn({ message: 'write a note', decide: () => 'rejected' });
    await backend.runTurn(recording.turn);
    expect(recording.contents.filter(ofType('toolCallRejected'))).toEqual([expect.objectContaining({ reason: 'user-choice' })]);
    expect(spokenText(recording.contents)).toBe('Not written.');
  });

  it('a deny rule answers the server without asking the user', async () => {
    const backend = fixture.backend(undefined, { rules: [{ tool: 'write_file', decision: 'deny' }] });
    const recording = createRecordingTurn({ message: 'write a note', decide: () => 'approved' });
    await backend.runTurn(recording.turn);
    expect(recording.approvalsAsked).toEqual([]);
    expect(recording.contents.filter(ofType('toolCallRun'))).toEqual([]);
    expect(recording.contents.filter(ofType('toolCallRejected'))).toEqual([expect.objectContaining({ reason: 'user-config' })]);
    expect(spokenText(recording.contents)).toBe('Not written.');
  });

  it('an allow rule approves at once', async () => {
    const backend = fixture.backend(undefined, { rules: [{ tool: 'write_file', decision: 'allow' }] });
    const recording = createRecordingTurn({ message: 'write a note' });
    await backend.runTurn(recording.turn);
    expect(recording.approvalsAsked).toEqual([]);
    expect(recording.contents.filter(ofType('toolCallRun'))).toEqual([expect.objectContaining({ manualApproval: false })]);
    expect(spokenText(recording.contents)).toBe('Written.');
  });

  it('a v1 server’s rejection (reason user) is not shown twice either', async () => {
    const backend = fixture.backend(fakeServerEntry(['--protocol=1']));
    const recording = createRecordingTurn({ message: 'write a note', decide: () => 'rejected' });
    await backend.runTurn(recording.turn);
    expect(recording.contents.filter(ofType('toolCallRejected'))).toHaveLength(1);
    expect(spokenText(recording.contents)).toBe('Not written.');
  });

  it('Stop while the card waits ends the turn', async () => {
    const backend = fixture.backend();
    const stop = new AbortController();
    const recording = createRecordingTurn({
      message: 'write a note',
      stopSignal: stop.signal,
      onContent: (content) => {
        if (content.type === 'toolCallRun') stop.abort();
      },
      // The hub answers a stopped turn's approvals with a rejection.
      decide: async () => {
        await new Promise((resolve) => stop.signal.addEventListener('abort', resolve, { once: true }));
        return 'rejected' as const;
      },
    });
    await backend.runTurn(recording.turn);
    expect(recording.approvalsAsked).toHaveLength(1);
    expect(spokenText(recording.contents)).not.toContain('Written');
  });
});
