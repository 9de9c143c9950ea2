/**
 * `session/close`: the agent hears that Baton is done with a thread's session when the thread is
 * closed, and with every session it holds when the relay shuts down.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createRecordingTurn } from '../../hub/testing/recording-turn';
import { type AcpHarness, startAcpHarness } from './testing/acp-support';

let harness: AcpHarness | undefined;
afterEach(async () => {
  await harness?.cleanUp();
  harness = undefined;
});

describe('ACP session/close', () => {
  it('closes the session of a closed thread, and only that one', async () => {
    harness = await startAcpHarness();
    const closed = createRecordingTurn({ message: 'one', threadId: 'closed' });
    await harness.agent.runTurn(closed.turn);
    const kept = createRecordingTurn({ message: 'two', threadId: 'kept' });
    await harness.agent.runTurn(kept.turn);
    await harness.agent.closeThread('closed');
    await harness.waitForLog(new RegExp(`fake-acp: closed ${closed.savedAgentSession()}`));
    // The kept thread's session still answers, the same one.
    const again = createRecordingTurn({ message: 'three', threadId: 'kept' });
    await harness.agent.runTurn(again.turn);
    expect(again.savedAgentSession()).toBeUndefined();
    expect(harness.logs.filter((line) => line.includes('fake-acp: closed'))).toHaveLength(1);
  });

  it('closes every held session when the relay shuts down', async () => {
    const started = await startAcpHarness();
    const first = createRecordingTurn({ message: 'one', threadId: 'a' });
    await started.agent.runTurn(first.turn);
    const second = createRecordingTurn({ message: 'two', threadId: 'b' });
    await started.agent.runTurn(second.turn);
    await started.cleanUp();
    for (const sessionId of [first.savedAgentSession(), second.savedAgentSession()]) {
      await started.waitForLog(new RegExp(`fake-acp: closed ${sessionId}`));
    }
  });
});
