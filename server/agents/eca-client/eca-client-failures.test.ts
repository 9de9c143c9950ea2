import { describe, expect, it } from 'vitest';
import { AgentUnavailableError } from '../agent-backend';
import { createRecordingTurn } from '../../hub/testing/recording-turn';
import { spokenText, useEcaClient } from './testing/eca-client-support';

describe('ECA client: Stop, crashes and what real servers send', () => {
  const fixture = useEcaClient();

  it('Stop sends chat/promptStop; the server finishes and its chat goes on', async () => {
    const backend = fixture.backend();
    const stop = new AbortController();
    const recording = createRecordingTurn({
      message: 'slow story',
      stopSignal: stop.signal,
      onContent: (content) => {
        if (content.type === 'text') stop.abort();
      },
    });
    await backend.runTurn(recording.turn);
    expect(spokenText(recording.contents)).toMatch(/^chunk 0 /);
    expect(fixture.logs.join('\n')).not.toMatch(/shutting the server down/);

    const next = createRecordingTurn({
      message: 'echo again',
      agentSessionId: recording.savedAgentSession()!,
      history: recording.entries(),
    });
    await backend.runTurn(next.turn);
    expect(JSON.parse(spokenText(next.contents))).toMatchObject({ chatId: recording.savedAgentSession() });
    expect(next.notes).toEqual([]);
  });

  it('a server that ignores Stop is shut down after the grace period; the turn still ends quietly', async () => {
    const backend = fixture.backend();
    const stop = new AbortController();
    const recording = createRecordingTurn({
      message: 'stubborn story',
      stopSignal: stop.signal,
      onContent: (content) => {
        if (content.type === 'text') stop.abort();
      },
    });
    await backend.runTurn(recording.turn);
    // The turn ends first; the server is shut down once its grace is over.
    expect(fixture.logs.join('\n')).not.toMatch(/shutting the server down/);
    await fixture.until(
      () => fixture.logs.some((line) => /did not end within 2000 ms of chat\/promptStop; shutting the server down/.test(line)),
      'the server to be shut down',
    );

    // The next prompt starts the server again, in a new chat primed with the history.
    const next = createRecordingTurn({ message: 'hello', agentSessionId: recording.savedAgentSession()!, history: recording.entries() });
    await backend.runTurn(next.turn);
    expect(spokenText(next.contents)).toBe('Hello from the fake ECA server.');
    expect(next.notes).toHaveLength(1);
  });

  it('Stop before the server has answered chat/prompt gives the request up ($/cancelRequest) and ends the turn', async () => {
    const backend = fixture.backend();
    const stop = new AbortController();
    const recording = createRecordingTurn({ message: 'hang on', stopSignal: stop.signal });
    const ended = backend.runTurn(recording.turn);
    await fixture.until(() => fixture.logs.some((line) => line.includes('chat/prompt left unanswered')), 'the prompt to reach the server');
    stop.abort();
    await ended;
    await fixture.until(
      () => fixture.logs.some((line) => /the client cancelled request \d+/.test(line)),
      'the cancellation to reach the server',
    );
    expect(recording.contents).toEqual([]);
  });

  it('a server that exits mid-turn fails the turn with AgentUnavailableError and its last words; the next turn restarts it', async () => {
    const backend = fixture.backend();
    const recording = createRecordingTurn({ message: 'crash now' });
    const failure = backend.runTurn(recording.turn);
    await expect(failure).rejects.toBeInstanceOf(AgentUnavailableError);
    await expect(failure).rejects.toThrow(/fake-eca exited with code 3\. Its last output: .*crashing as asked/);
    expect(spokenText(recording.contents)).toBe('About to crash.');

    const next = createRecordingTurn({ message: 'hello' });
    await backend.runTurn(next.turn);
    expect(spokenText(next.contents)).toBe('Hello from the fake ECA server.');
  });

  it('malformed frames are logged and reading goes on', async () => {
    const backend = fixture.backend();
    const recording = createRecordingTurn({ message: 'garbage please' });
    await backend.runTurn(recording.turn);
    expect(spokenText(recording.contents)).toBe('Still here after garbage.');
    expect(fixture.logs.join('\n')).toMatch(/unreadable bytes from the server \(invalid-content-length\)/);
    expect(fixture.logs.join('\n')).toMatch(/unreadable bytes from the server \(invalid-json\)/);
  });

  it('takes nulls for absent fields; an unknown content type is named in the chat, an unknown notification logged', async () => {
    const backend = fixture.backend();
    const recording = createRecordingTurn({ message: 'nulls please' });
    await backend.runTurn(recording.turn);
    expect(spokenText(recording.contents)).toBe(
      '\n\n_[hookStarted: pre-commit] (Baton does not show this kind of content)_\n\nNulls survived.',
    );
    expect(recording.contents.find((content) => content.type === 'toolCalled')).toMatchObject({
      id: 'call-null',
      // A null in the model's own arguments is a value, not an absent field.
      arguments: { path: 'a.txt', limit: null },
      outputs: [{ type: 'text', text: 'a' }],
    });
    expect(recording.entries().find((entry) => entry.type === 'reasoning')).toMatchObject({ id: 'rn', status: 'finished' });
    const log = fixture.logs.join('\n');
    expect(log).not.toMatch(/-32602/);
    expect(log).toMatch(/ignored a message from the server \(-32601\): Method not found: chat\/somethingNew/);
  });
});
