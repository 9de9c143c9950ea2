/**
 * Stop while the ECA server starts: the fake holds `initialize` until told (FAKE_ECA_HOLD), so
 * Stop lands in the start for certain. The turn ends, no chat/prompt is sent, and the server,
 * started in the background, answers the next prompt.
 */
import { describe, expect, it } from 'vitest';
import { createRecordingTurn } from '../../hub/testing/recording-turn';
import { fakeServerEntry, spokenText, useEcaClient } from './testing/eca-client-support';

describe('ECA client: Stop while the server starts', () => {
  const fixture = useEcaClient();

  it('ends the turn, sends no prompt, and the started server answers the next one', async () => {
    const backend = fixture.backend({ ...fakeServerEntry(), env: { FAKE_ECA_HOLD: 'initialize' } });
    const stopped = createRecordingTurn({ message: 'never to be sent' });
    const running = backend.runTurn(stopped.turn);
    const held = await fixture.until(
      () => fixture.logs.map((line) => /holding initialize \(pid (\d+)\)/.exec(line)).find(Boolean),
      'the server to hold initialize',
    );
    stopped.stop();
    await running;
    expect(stopped.contents).toEqual([]);
    process.kill(Number(held?.[1]), 'SIGUSR2');
    const next = createRecordingTurn({ message: 'hello' });
    await backend.runTurn(next.turn);
    expect(spokenText(next.contents)).toBe('Hello from the fake ECA server.');
    // The fake's stderr is ordered: once it told of the next prompt, an earlier one would have been told.
    await fixture.until(() => fixture.logs.some((line) => line.includes('fake eca: prompt hello')), 'the next prompt to be logged');
    expect(fixture.logs.filter((line) => line.includes('fake eca: prompt'))).toEqual([expect.stringContaining('fake eca: prompt hello')]);
    expect(fixture.logs.filter((line) => line.includes('fake eca: started'))).toHaveLength(1);
  });
});
