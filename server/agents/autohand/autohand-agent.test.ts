import { describe, expect, it } from 'vitest';
import { contentOutline, createRecordingTurn } from '../../hub/testing/recording-turn';
import { answerText, useAutohandFixture } from './testing/autohand-support';
import type { Flavor } from './testing/fake-autohand';

const fixture = useAutohandFixture();
const flavors: Flavor[] = ['observed', 'reference'];

describe.each(flavors)('the Autohand adapter with the %s build', { timeout: 30_000 }, (flavor) => {
  it('streams the answer and its reasoning, and reports usage per conversation', async () => {
    const agent = fixture.agent({ flavor });
    const first = createRecordingTurn({ message: 'think about it' });
    await agent.runTurn(first.turn);
    expect(answerText(first.contents)).toBe('Hello from the fake Autohand. Done.');
    expect(contentOutline(first.contents)).toEqual(['reasonStarted', 'reasonText', 'reasonFinished', 'text', 'usage']);
    const reasoning = first.entries().find((entry) => entry.type === 'reasoning');
    expect(reasoning).toMatchObject({ text: 'Let me think. Done thinking.', status: 'finished' });
    expect(first.contents.at(-1)).toEqual({ type: 'usage', sessionTokens: 42 });
    expect(first.savedAgentSession()).toMatch(/^fake-session-/);

    const second = createRecordingTurn({ message: 'again', history: first.entries() });
    await agent.runTurn(second.turn);
    expect(second.contents.at(-1)).toEqual({ type: 'usage', sessionTokens: 84 });
    // The same process holds the conversation: no second start, no priming.
    expect(second.notes).toEqual([]);
    expect((await fixture.sent('autohand.prompt')).map((params) => params.message)).toEqual(['think about it', 'again']);
  });

  it('reports no usage when the build says its token count is unavailable', async () => {
    const agent = fixture.agent({ flavor });
    const recording = createRecordingTurn({ message: 'no-usage' });
    await agent.runTurn(recording.turn);
    expect(recording.contents.some((content) => content.type === 'usage')).toBe(flavor === 'reference');
  });

  it('shows a tool call with its live output, and a failing one with its error', async () => {
    const agent = fixture.agent({ flavor });
    const ok = createRecordingTurn({ message: 'run the tool' });
    await agent.runTurn(ok.turn);
    expect(contentOutline(ok.contents)).toEqual([
      'text',
      'toolCallRun:run_command',
      'toolCallRunning:run_command',
      'toolCalled:run_command',
      'text',
      'usage',
    ]);
    const chunks = ok.contents.flatMap((content) =>
      content.type === 'toolCallRunning' && content.outputChunk ? [content.outputChunk] : [],
    );
    expect(chunks).toEqual(['hi\n', 'warning: fake\n']);
    const called = ok.contents.find((content) => content.type === 'toolCalled');
    expect(called).toMatchObject({
      error: false,
      arguments: { command: 'echo hi' },
      outputs: [{ type: 'text', text: 'hi\nwarning: fake\n' }],
      server: 'autohand',
    });
    // The observed build's `args.type` repeats the tool's name; the card leaves it out.
    expect(called && 'arguments' in called ? called.arguments : {}).not.toHaveProperty('type');

    const failing = createRecordingTurn({ message: 'tool that will fail' });
    await agent.runTurn(failing.turn);
    expect(failing.contents.find((content) => content.type === 'toolCalled')).toMatchObject({
      error: true,
      outputs: [{ type: 'text', text: 'boom: the command failed' }],
    });
  });

  it('says what Autohand reports as an error, and ends the turn', async () => {
    const agent = fixture.agent({ flavor });
    const recording = createRecordingTurn({ message: 'error please' });
    await agent.runTurn(recording.turn);
    expect(answerText(recording.contents)).toContain('**Autohand error:** Model quota exceeded (code -32000)');
  });

  it('puts hook notifications in the thread as short notes', async () => {
    const agent = fixture.agent({ flavor });
    const recording = createRecordingTurn({ message: 'hooks' });
    await agent.runTurn(recording.turn);
    expect(recording.notes).toEqual(['Autohand modified src/app.ts.', 'Autohand reported a session error: disk almost full (E_DISK).']);
    expect(fixture.logs.some((line) => line.includes('autohand.hook.preTool'))).toBe(true);
    expect(fixture.logs.some((line) => line.includes('autohand.hook.stop'))).toBe(flavor === 'observed');
  });

  it('takes nulls for absent fields, unknown notifications and lines that are not JSON, and goes on', async () => {
    const agent = fixture.agent({ flavor });
    const recording = createRecordingTurn({ message: 'nulls unknown garbage ping tool fail' });
    await agent.runTurn(recording.turn);
    expect(answerText(recording.contents)).toBe('Hello from the fake Autohand. Done.');
    expect(recording.contents.find((content) => content.type === 'toolCalled')).toMatchObject({ error: true });
    expect(fixture.logs.some((line) => line.includes('Method not found: autohand.brandNewThing'))).toBe(true);
    expect(fixture.logs.some((line) => line.includes('Invalid params for autohand.toolUpdate'))).toBe(true);
    expect(fixture.logs.filter((line) => line.includes('skipped a line'))).toHaveLength(2);
    // The keep-alive is known, not an unknown notification.
    expect(fixture.logs.filter((line) => line.includes('Autohand protocol:') && line.includes('ping'))).toEqual([]);
    const next = createRecordingTurn({ message: 'still there?' });
    await agent.runTurn(next.turn);
    expect(answerText(next.contents)).toBe('Hello from the fake Autohand. Done.');
  });

  it("answers Autohand's own request (a string id) with method-not-found, keeping its id", async () => {
    const agent = fixture.agent({ flavor });
    const recording = createRecordingTurn({ message: 'ask-client' });
    await agent.runTurn(recording.turn);
    const answer = (await fixture.received()).find((message) => message.id === 'host-1');
    expect(answer).toMatchObject({ jsonrpc: '2.0', id: 'host-1', error: { code: -32601 } });
    expect(answerText(recording.contents)).toBe('Hello from the fake Autohand. Done.');
  });

  it('shows an answer sent only at the end of the message, or only kept in the conversation', async () => {
    const agent = fixture.agent({ flavor });
    const silent = createRecordingTurn({ message: 'silent' });
    await agent.runTurn(silent.turn);
    expect(answerText(silent.contents)).toBe('Hello from the fake Autohand. Done.');

    const mute = createRecordingTurn({ message: 'mute' });
    await agent.runTurn(mute.turn);
    expect(answerText(mute.contents)).toBe('Hello from the fake Autohand. Done.');
    expect(await fixture.sent('autohand.getMessages')).toEqual([{ limit: 1 }]);
  });
});
