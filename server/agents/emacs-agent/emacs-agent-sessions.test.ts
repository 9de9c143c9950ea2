import { describe, expect, it, vi } from 'vitest';
import type { ThreadEntry } from '../../../lib/protocol/thread-model';
import { AgentUnavailableError } from '../agent-backend';
import { primingNote } from '../external/history-transcript';
import { createRecordingTurn } from '../../hub/testing/recording-turn';
import { answerText, useEmacsAgentFixture } from './testing/emacs-agent-support';

const fixture = useEmacsAgentFixture();

const HISTORY: ThreadEntry[] = [
  { type: 'message', role: 'user', chunks: [{ type: 'text', chunk: 'Remember the word pineapple.' }] },
  { type: 'message', role: 'assistant', chunks: [{ type: 'text', chunk: 'Noted: pineapple.' }] },
];

const count = (pattern: RegExp) => fixture.fake.requests.filter((request) => pattern.test(request)).length;

describe('EmacsAgentBackend sessions', () => {
  it('resumes the saved session after a relay restart, without priming', async () => {
    const first = createRecordingTurn({ message: 'hello' });
    await fixture.backend().runTurn(first.turn);
    const sessionId = first.savedAgentSession()!;

    const restarted = fixture.backend();
    const next = createRecordingTurn({ message: 'hello again', agentSessionId: sessionId, history: first.entries() });
    await restarted.runTurn(next.turn);
    expect(count(/^POST \/api\/sessions\/[^/]+\/resume$/)).toBe(1);
    expect(answerText(next.contents)).toBe(`Hello from the fake Emacs-Agent. This is prompt 2 of session ${sessionId}.`);
    expect(next.notes).toEqual([]);
    expect(next.savedAgentSession()).toBeUndefined();
    expect(fixture.fake.prompts.at(-1)).toEqual({ sessionId, text: 'hello again' });
  });

  it('starts a new session primed with the history when the saved one is unknown', async () => {
    const turn = createRecordingTurn({ message: 'what word?', agentSessionId: 'lost-session', history: HISTORY });
    const backend = fixture.backend();
    await backend.runTurn(turn.turn);
    const [sessionId] = fixture.fake.sessions.keys();
    expect(turn.savedAgentSession()).toBe(sessionId);
    expect(turn.notes).toEqual([primingNote(backend.info.name)]);
    const { text } = fixture.fake.prompts.at(-1)!;
    expect(text).toContain('User: Remember the word pineapple.');
    expect(text.endsWith('what word?')).toBe(true);
    expect(answerText(turn.contents)).toContain('This is prompt 1 of session');
  });

  it('primes a thread handed over to it, and not a new thread', async () => {
    const backend = fixture.backend();
    const handedOver = createRecordingTurn({ message: 'carry on', threadId: 'handed-over', history: HISTORY });
    await backend.runTurn(handedOver.turn);
    expect(handedOver.notes).toEqual([primingNote(backend.info.name)]);
    const fresh = createRecordingTurn({ message: 'hi', threadId: 'fresh' });
    await backend.runTurn(fresh.turn);
    expect(fresh.notes).toEqual([]);
    expect(fixture.fake.prompts.map(({ text }) => text.startsWith('You are continuing'))).toEqual([true, false]);
    // One session per thread.
    expect(fixture.fake.sessions.size).toBe(2);
  });

  it('lets go of a thread without ending its session, and resumes it when the thread comes back', async () => {
    const backend = fixture.backend();
    const first = createRecordingTurn({ message: 'hello' });
    await backend.runTurn(first.turn);
    const session = fixture.fake.sessions.get(first.savedAgentSession()!)!;
    expect(session.streamCount).toBe(1);

    await backend.closeThread(first.turn.threadId);
    await vi.waitFor(() => expect(session.streamCount).toBe(0));
    expect(session.status).toBe('active');
    expect(count(/^DELETE /)).toBe(0);

    const back = createRecordingTurn({ message: 'back', agentSessionId: session.id, history: first.entries() });
    await backend.runTurn(back.turn);
    expect(count(/\/resume$/)).toBe(1);
    expect(answerText(back.contents)).toContain('This is prompt 2 of session');

    await backend.close();
    await vi.waitFor(() => expect(session.streamCount).toBe(0));
  });

  it('says a backend that is down is unavailable, at once', async () => {
    const backend = fixture.backend();
    await fixture.fake.close();
    const error = await backend.runTurn(createRecordingTurn({ message: 'hello' }).turn).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AgentUnavailableError);
    expect((error as Error).message).toMatch(
      /^The Emacs-Agent backend "emacs" \(http:\/\/127\.0\.0\.1:\d+\) is not reachable \(connection refused\)\. Is it running\?$/,
    );
  });

  it('starts anew, primed, when the backend restarted and lost its sessions', async () => {
    const backend = fixture.backend();
    const first = createRecordingTurn({ message: 'hello' });
    await backend.runTurn(first.turn);
    const oldSession = first.savedAgentSession()!;
    const reconnected = fixture.fake.untilRequest(/\/events$/);
    await fixture.fake.forgetSessions();
    // The held stream tries again, hears 404 and fails; the next turn sees it.
    await reconnected;

    const next = createRecordingTurn({ message: 'still there?', agentSessionId: oldSession, history: first.entries() });
    await backend.runTurn(next.turn);
    expect(next.notes).toHaveLength(1);
    expect(next.savedAgentSession()).not.toBe(oldSession);
    expect(fixture.fake.prompts.at(-1)!.text).toContain('User: hello');
    expect(answerText(next.contents)).toContain('This is prompt 1 of session');
  });
});
