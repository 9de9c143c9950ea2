/**
 * Stop while an Autohand starts, and many threads at once. The fake holds its first `getState`
 * (the adapter's check that it is up) until told (FAKE_AUTOHAND_HOLD), so Stop lands in the start
 * for certain.
 */
import { describe, expect, it } from 'vitest';
import type { ThreadEntry } from '../../../lib/protocol/thread-model';
import { AgentUnavailableError } from '../agent-backend';
import { primingNote } from '../external/history-transcript';
import { createRecordingTurn } from '../../hub/testing/recording-turn';
import { answerText, useAutohandFixture } from './testing/autohand-support';

const fixture = useAutohandFixture();
const started = () => fixture.logs.filter((line) => line.includes('started Autohand')).length;
const history: ThreadEntry[] = [
  { type: 'message', role: 'user', chunks: [{ type: 'text', chunk: 'What is the capital of France?' }] },
  { type: 'message', role: 'assistant', chunks: [{ type: 'text', chunk: 'Paris.' }] },
];

describe('Stop while Autohand starts', { timeout: 30_000 }, () => {
  it('ends the turn, sends no prompt, and the started process answers the next prompt, primed', async () => {
    const agent = fixture.agent({ env: { FAKE_AUTOHAND_HOLD: 'getState' } });
    const stopped = createRecordingTurn({ message: 'never to be sent', history });
    const running = agent.runTurn(stopped.turn);
    const [, pid] = await fixture.waitForLog(/fake-autohand: holding getState \(pid (\d+)\)/);
    stopped.stop();
    await running;
    expect(stopped.contents).toEqual([]);
    process.kill(Number(pid), 'SIGUSR2');
    const next = createRecordingTurn({ message: 'echo', history });
    await agent.runTurn(next.turn);
    expect(answerText(next.contents)).toContain('Paris.');
    expect(next.notes).toEqual([primingNote(agent.info.name)]);
    expect(started()).toBe(1);
    const prompts = await fixture.sent('autohand.prompt');
    expect(prompts).toHaveLength(1);
    expect(JSON.stringify(prompts[0])).not.toContain('never to be sent');
  });
});

describe('many Autohand threads', { timeout: 60_000 }, () => {
  it('run at once, each with its own process, however many start within a minute', async () => {
    const agent = fixture.agent();
    const turns = Array.from({ length: 7 }, (_, thread) =>
      createRecordingTurn({ message: `hello ${thread}`, threadId: `thread-${thread}` }),
    );
    await Promise.all(turns.map((recording) => agent.runTurn(recording.turn)));
    for (const recording of turns) expect(answerText(recording.contents)).toBe('Hello from the fake Autohand. Done.');
    expect(started()).toBe(7);
  });

  it('keep to maxProcesses: the longest idle thread makes room, and when all are busy the prompt is refused naming the setting', async () => {
    const agent = fixture.agent({ maxProcesses: 2 });
    await agent.runTurn(createRecordingTurn({ message: 'one', threadId: 'a' }).turn);
    await agent.runTurn(createRecordingTurn({ message: 'two', threadId: 'b' }).turn);
    const third = createRecordingTurn({ message: 'three', threadId: 'c' });
    await agent.runTurn(third.turn);
    expect(answerText(third.contents)).toBe('Hello from the fake Autohand. Done.');
    expect(fixture.logs.some((line) => line.includes('stopping the Autohand of idle thread a'))).toBe(true);

    const streaming = (threadId: string) => {
      let heard: () => void = () => undefined;
      const first = new Promise<void>((resolve) => (heard = resolve));
      const recording = createRecordingTurn({
        message: 'slow answer',
        threadId,
        onContent: (content) => content.type === 'text' && heard(),
      });
      return { recording, running: agent.runTurn(recording.turn), first };
    };
    const busy = [streaming('b'), streaming('c')];
    await Promise.all(busy.map((turn) => turn.first));
    const refused = await agent.runTurn(createRecordingTurn({ message: 'four', threadId: 'd' }).turn).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AgentUnavailableError);
    expect((refused as Error).message).toContain('"maxProcesses"');
    for (const turn of busy) turn.recording.stop();
    await Promise.all(busy.map((turn) => turn.running));
  });
});
