/**
 * ACP `usage_update` (`used` of `size` tokens, `cost`) becomes the thread's usage: the context
 * meter's figures and the session's cost stay on the turn's summary after the prompt's own count.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createRecordingTurn } from '../../hub/testing/recording-turn';
import { type AcpHarness, startAcpHarness } from './testing/acp-support';

let harness: AcpHarness | undefined;
afterEach(async () => {
  await harness?.cleanUp();
  harness = undefined;
});

describe('ACP usage_update', () => {
  it('keeps the context used of its size and the cost on the turn summary', async () => {
    harness = await startAcpHarness();
    const recording = createRecordingTurn({ message: 'hello' });
    await harness.agent.runTurn(recording.turn);
    const summary = recording.entries().find((entry) => entry.type === 'turnSummary');
    expect(summary?.type === 'turnSummary' && summary.usage).toEqual({
      sessionTokens: 1234,
      context: { used: 1234, size: 200000 },
      sessionCost: '0.0100',
    });
  });

  it('shows no context for an update without a size, and drops nothing else', async () => {
    harness = await startAcpHarness();
    const recording = createRecordingTurn({ message: 'odd' });
    await harness.agent.runTurn(recording.turn);
    const usages = recording.contents.filter((content) => content.type === 'usage');
    // All null: not shown. A size of 0: the tokens, no context. Then the fake's real update and the prompt's count.
    expect(usages.map((usage) => usage.type === 'usage' && [usage.sessionTokens, usage.context])).toEqual([
      [5, undefined],
      [1234, { used: 1234, size: 200000 }],
      [1234, { used: 1234, size: 200000 }],
    ]);
  });
});
