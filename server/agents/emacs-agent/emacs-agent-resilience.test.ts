import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AgentUnavailableError } from '../agent-backend';
import { createRecordingTurn } from '../../hub/testing/recording-turn';
import { answerText, useEmacsAgentFixture } from './testing/emacs-agent-support';

const fixture = useEmacsAgentFixture();

const eventStreamsOpened = () => fixture.fake.requests.filter((request) => request.endsWith('/events')).length;

describe('EmacsAgentBackend event stream and Stop', () => {
  it('reopens a stream cut mid-turn with Last-Event-ID and loses nothing', async () => {
    const turn = createRecordingTurn({ message: 'drop the line' });
    await fixture.backend().runTurn(turn.turn);
    expect(answerText(turn.contents)).toBe('one two three four five six.');
    expect(eventStreamsOpened()).toBe(2);
    expect(fixture.logs.some((line) => /was cut .*reopening it after event "4"/.test(line))).toBe(true);
  });

  it('drops what a backend replays twice, by event id', async () => {
    const turn = createRecordingTurn({ message: 'duplicate events' });
    await fixture.backend().runTurn(turn.turn);
    expect(answerText(turn.contents)).toBe('one two three four five six.');
    expect(turn.contents.filter((content) => content.type === 'progress')).toHaveLength(1);
    expect(fixture.logs.filter((line) => line.includes('already received'))).toHaveLength(4);
  });

  it('interrupts the turn when the backend goes down mid-turn, then starts anew once it is back', async () => {
    const backend = fixture.backend();
    const crashing = createRecordingTurn({ message: 'crash now' });
    const error = await backend.runTurn(crashing.turn).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AgentUnavailableError);
    expect((error as Error).message).toMatch(
      /^The event stream of the Emacs-Agent session was cut and could not be reopened: .* is not reachable \(connection refused\)/,
    );
    expect(answerText(crashing.contents)).toBe('Starting, then going down.');

    const port = Number(new URL(fixture.fake.url).port);
    await expect(backend.runTurn(createRecordingTurn({ message: 'hello' }).turn)).rejects.toThrow(AgentUnavailableError);

    await fixture.restartFake({ port });
    const back = createRecordingTurn({ message: 'hello', agentSessionId: crashing.savedAgentSession()!, history: crashing.entries() });
    await backend.runTurn(back.turn);
    expect(back.notes).toHaveLength(1);
    expect(answerText(back.contents)).toContain('This is prompt 1 of session');
  });

  it('stops a turn with interrupt and the next turn is not ended by anything of it', async () => {
    const backend = fixture.backend();
    const slow = createRecordingTurn({
      message: 'slow answer',
      onContent: (content, recorded) => {
        if (content.type === 'text' && recorded.filter((candidate) => candidate.type === 'text').length === 2) slow.stop();
      },
    });
    await backend.runTurn(slow.turn);
    expect(fixture.fake.requests.filter((request) => request.endsWith('/interrupt'))).toHaveLength(1);
    expect(answerText(slow.contents)).toMatch(/^tick 1 tick 2 /);
    expect(fixture.fake.sessions.get(slow.savedAgentSession()!)!.running).toBeUndefined();

    const next = createRecordingTurn({ message: 'hello', agentSessionId: slow.savedAgentSession()! });
    await backend.runTurn(next.turn);
    expect(answerText(next.contents)).toMatch(/^Hello from the fake Emacs-Agent\. This is prompt 2 of session/);
  });

  it('stops a turn waiting for approval; the backend writes nothing', async () => {
    const backend = fixture.backend();
    const write = createRecordingTurn({
      message: 'write it',
      onContent: (content) => {
        if (content.type === 'toolCallRun') write.stop();
      },
    });
    await backend.runTurn(write.turn);
    expect(write.approvalsAsked).toHaveLength(1);
    expect(fixture.fake.requests.filter((request) => /\/(approve|reject)$/.test(request))).toEqual([]);
    expect(fixture.fake.requests.filter((request) => request.endsWith('/interrupt'))).toHaveLength(1);
    expect(existsSync(path.join(fixture.workspaceRoot, 'hello.txt'))).toBe(false);
  });
});
