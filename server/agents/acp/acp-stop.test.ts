/**
 * Stop at every moment of an ACP turn: while the agent starts, while its session opens, while a
 * permission waits. The fake holds `initialize` or `session/new` until told (FAKE_ACP_HOLD), so
 * Stop lands there for certain; each stopped turn ends, sends no prompt, and the next prompt is
 * answered.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createRecordingTurn } from '../../hub/testing/recording-turn';
import { type AcpHarness, startAcpHarness } from './testing/acp-support';

let harness: AcpHarness | undefined;
afterEach(async () => {
  await harness?.cleanUp();
  harness = undefined;
});

function heard(recording: ReturnType<typeof createRecordingTurn>): string {
  return recording.contents.flatMap((content) => (content.type === 'text' ? [content.text] : [])).join('');
}

/** The fake's stderr, ordered, tells each prompt it got: once the next one is told, an earlier one would have been. */
async function expectOnlyPromptAfterStop(): Promise<void> {
  await harness!.waitForLog(/fake-acp: prompt after the stop/);
  expect(harness!.logs.filter((line) => line.includes('fake-acp: prompt'))).toEqual([
    expect.stringContaining('fake-acp: prompt after the stop'),
  ]);
}

/** Waits until the fake holds `method`, and gives a way to let it go on. */
async function holding(method: string): Promise<() => void> {
  const [, pid] = await harness!.waitForLog(new RegExp(`fake-acp: holding ${method} \\(pid (\\d+)\\)`));
  return () => process.kill(Number(pid), 'SIGUSR2');
}

describe('Stop in an ACP turn', () => {
  it('ends the turn while the agent starts, sends it no prompt, and answers the next prompt', async () => {
    harness = await startAcpHarness({ env: { FAKE_ACP_HOLD: 'initialize' } });
    const stopped = createRecordingTurn({ message: 'never to be sent' });
    const running = harness.agent.runTurn(stopped.turn);
    const release = await holding('initialize');
    stopped.stop();
    await running;
    release();
    const next = createRecordingTurn({ message: 'after the stop' });
    await harness.agent.runTurn(next.turn);
    expect(heard(next)).toBe('Fake agent heard: after the stop');
    expect(stopped.contents).toEqual([]);
    await expectOnlyPromptAfterStop();
  });

  it('ends the turn while its session opens, keeps that session for the thread, and sends no prompt', async () => {
    harness = await startAcpHarness({ env: { FAKE_ACP_HOLD: 'session/new' } });
    const stopped = createRecordingTurn({ message: 'never to be sent', threadId: 'opening' });
    const running = harness.agent.runTurn(stopped.turn);
    const release = await holding('session/new');
    stopped.stop();
    await running;
    const next = createRecordingTurn({ message: 'after the stop', threadId: 'opening' });
    const answered = harness.agent.runTurn(next.turn);
    release();
    await answered;
    expect(heard(next)).toBe('Fake agent heard: after the stop');
    // The session the stopped turn opened is the thread's: saved once, not opened again.
    expect(stopped.savedAgentSession()).toMatch(/^fake-session-/);
    expect(next.savedAgentSession()).toBeUndefined();
    await expectOnlyPromptAfterStop();
  });

  it('answers a pending permission `cancelled` on Stop, keeps the agent, and answers the next prompt', async () => {
    harness = await startAcpHarness();
    const stopped = createRecordingTurn({
      message: 'please write',
      onContent: (content) => content.type === 'toolCallRun' && content.manualApproval && stopped.stop(),
    });
    await harness.agent.runTurn(stopped.turn);
    await harness.waitForLog(/fake-acp: permission answered \{"outcome":"cancelled"\}/);
    const next = createRecordingTurn({ message: 'after the stop' });
    await harness.agent.runTurn(next.turn);
    expect(heard(next)).toBe('Fake agent heard: after the stop');
    expect(harness.logs.some((line) => line.includes('stopping the agent'))).toBe(false);
  });

  it('lets the next prompt of a thread wait for the stopped one the agent is still ending', async () => {
    harness = await startAcpHarness();
    const stopped = createRecordingTurn({
      message: 'stubborn',
      threadId: 'busy',
      onContent: (content) => content.type === 'text' && stopped.stop(),
    });
    await harness.agent.runTurn(stopped.turn);
    // The turn is over before the agent's grace is: it ended without waiting for the agent.
    expect(harness.logs.some((line) => line.includes('stopping the agent'))).toBe(false);
    const next = createRecordingTurn({ message: 'after the stop', threadId: 'busy' });
    await harness.agent.runTurn(next.turn);
    expect(heard(next)).toContain('Fake agent heard: ');
    expect(heard(next)).toContain('after the stop');
    await harness.waitForLog(/stopping the agent/);
  });
});
