/**
 * Stop while the thread's session is being created: the fake backend holds the creation until
 * the test lets it go on, so Stop lands there for certain. The turn ends, no prompt is sent, and
 * the session created meanwhile is the thread's for its next prompt.
 */
import { describe, expect, it } from 'vitest';
import type { ThreadEntry } from '../../../lib/protocol/thread-model';
import { primingNote } from '../external/history-transcript';
import { createRecordingTurn } from '../../hub/testing/recording-turn';
import { answerText, useEmacsAgentFixture } from './testing/emacs-agent-support';

const fixture = useEmacsAgentFixture();

const HISTORY: ThreadEntry[] = [
  { type: 'message', role: 'user', chunks: [{ type: 'text', chunk: 'Remember the word pineapple.' }] },
  { type: 'message', role: 'assistant', chunks: [{ type: 'text', chunk: 'Noted: pineapple.' }] },
];

describe('Stop while an Emacs-Agent session opens', () => {
  it('ends the turn, sends no prompt, and the next prompt uses the session, primed', async () => {
    let held: () => void = () => undefined;
    const holding = new Promise<void>((resolve) => (held = resolve));
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await fixture.restartFake({
      beforeCreate: () => {
        held();
        return released;
      },
    });
    const backend = fixture.backend();
    const stopped = createRecordingTurn({ message: 'never to be sent', history: HISTORY });
    const running = backend.runTurn(stopped.turn);
    await holding;
    stopped.stop();
    await running;
    expect(stopped.contents).toEqual([]);
    release();
    const next = createRecordingTurn({ message: 'what word?', history: HISTORY });
    await backend.runTurn(next.turn);
    const [sessionId] = fixture.fake.sessions.keys();
    expect(fixture.fake.sessions.size).toBe(1);
    expect(fixture.fake.prompts.map((prompt) => prompt.sessionId)).toEqual([sessionId]);
    expect(fixture.fake.prompts[0]?.text).not.toContain('never to be sent');
    expect(next.notes).toEqual([primingNote(backend.info.name)]);
    expect(answerText(next.contents)).toContain('Hello from the fake Emacs-Agent.');
  });
});
