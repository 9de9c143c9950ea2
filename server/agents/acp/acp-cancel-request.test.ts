/**
 * `$/cancel_request` from the agent: a permission request it no longer needs ends its card, as
 * withdrawn, and is answered `cancelled`, whether or not the user ever answers the card. And from
 * Baton: a request it no longer needs (a mode being set when the user presses Stop) is cancelled.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createRecordingTurn } from '../../hub/testing/recording-turn';
import { WITHDRAWN_TEXT } from './acp-active-turn';
import { type AcpHarness, startAcpHarness } from './testing/acp-support';

let harness: AcpHarness | undefined;
afterEach(async () => {
  await harness?.cleanUp();
  harness = undefined;
});

describe('ACP $/cancel_request', () => {
  it('ends the permission card the agent withdrew, and answers the request cancelled', async () => {
    const started = await startAcpHarness();
    harness = started;
    const recording = createRecordingTurn({
      message: 'withdraw it',
      // The card is up: the agent now cancels its request, and the user never answers.
      decide: async () => {
        const [, pid] = await started.waitForLog(/fake-acp: asking \(pid (\d+)\)/);
        process.kill(Number(pid), 'SIGUSR2');
        return new Promise<never>(() => undefined);
      },
    });
    await started.agent.runTurn(recording.turn);
    const card = recording.entries().find((entry) => entry.type === 'toolCall');
    expect(card).toMatchObject({ summary: 'Delete build', status: 'failed', outputText: WITHDRAWN_TEXT });
    await started.waitForLog(/fake-acp: withdrawn request answered \{"outcome":"cancelled"\}/);
    expect(
      recording.contents
        .filter((content) => content.type === 'text')
        .map((content) => content.type === 'text' && content.text)
        .join(''),
    ).toContain('Fake agent heard: withdraw it');
  });

  it('cancels a mode change still unanswered at Stop, sends no prompt, and answers the next one', async () => {
    const started = await startAcpHarness({ env: { FAKE_ACP_HOLD: 'session/set_mode' } });
    harness = started;
    const stopped = createRecordingTurn({ message: 'never to be sent', behavior: 'code' });
    const running = started.agent.runTurn(stopped.turn);
    const [, pid] = await started.waitForLog(/fake-acp: holding session\/set_mode \(pid (\d+)\)/);
    stopped.stop();
    await running;
    await started.waitForLog(/fake-acp: cancel_request for session\/set_mode/);
    process.kill(Number(pid), 'SIGUSR2');
    const next = createRecordingTurn({ message: 'after the stop', behavior: 'code' });
    await started.agent.runTurn(next.turn);
    // The agent's stderr may come after its answer: the prompt's line is waited for, then none other may be there.
    await started.waitForLog(/fake-acp: prompt after the stop/);
    expect(started.logs.filter((line) => line.includes('fake-acp: prompt'))).toEqual([
      expect.stringContaining('fake-acp: prompt after the stop'),
    ]);
    expect(started.agent.info.behaviors).toEqual(['ask', 'code']);
  });
});
