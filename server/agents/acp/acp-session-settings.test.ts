import { afterEach, describe, expect, it } from 'vitest';
import { createRecordingTurn } from '../../hub/testing/recording-turn';
import { type AcpHarness, startAcpHarness } from './testing/acp-support';

let harness: AcpHarness | undefined;
afterEach(async () => {
  await harness?.cleanUp();
  harness = undefined;
});

const THREAD = 'thread-under-test';

function heard(recording: ReturnType<typeof createRecordingTurn>): string {
  return recording.contents.flatMap((content) => (content.type === 'text' ? [content.text] : [])).join('');
}

/** The fake agent offering its on/off settings, with a session opened for THREAD by a first prompt. */
async function startWithSession(): Promise<AcpHarness> {
  harness = await startAcpHarness({ env: { FAKE_ACP_SETTINGS: '1' } });
  await harness.agent.runTurn(createRecordingTurn({ message: 'hi', threadId: THREAD }).turn);
  return harness;
}

const setting = (id: string) => harness!.agent.info.settings?.find((candidate) => candidate.id === id);

describe('ACP on/off settings (boolean config options)', () => {
  it('shows the settings a session offers, and a toggle reaches the agent, which answers with the new value', async () => {
    const { agent, waitForLog } = await startWithSession();
    expect(agent.info.settings).toEqual([
      { id: 'brief', name: 'Brief answers', description: 'Answer in one line', value: false },
      { id: 'locked', name: 'Locked setting', description: 'The agent refuses to change it', value: false },
    ]);
    const settings = await agent.setSetting(THREAD, 'brief', true);
    await waitForLog(/agent stderr: fake-acp: setting brief true/);
    expect(settings.find((candidate) => candidate.id === 'brief')?.value).toBe(true);
    expect(setting('brief')?.value).toBe(true);
    const asked = createRecordingTurn({ message: 'show-settings', threadId: THREAD });
    await agent.runTurn(asked.turn);
    expect(heard(asked)).toContain('Fake agent settings: brief is on, locked is off');
  });

  it('shows a setting the agent changes itself (config_option_update)', async () => {
    const { agent } = await startWithSession();
    await agent.runTurn(createRecordingTurn({ message: 'flip-brief', threadId: THREAD }).turn);
    expect(setting('brief')?.value).toBe(true);
  });

  it('keeps a setting the agent refuses as it was, and says why', async () => {
    const { agent } = await startWithSession();
    await expect(agent.setSetting(THREAD, 'locked', true)).rejects.toThrow(/did not change "locked": .*locked cannot be changed/);
    expect(setting('locked')?.value).toBe(false);
  });

  it('refuses a setting for a thread with no session yet, and one the agent does not offer', async () => {
    const { agent } = await startWithSession();
    await expect(agent.setSetting('another-thread', 'brief', true)).rejects.toThrow(/no session for this thread yet: send a message first/);
    await expect(agent.setSetting(THREAD, 'unknown', true)).rejects.toThrow(/offers no on\/off setting "unknown"/);
    expect(setting('brief')?.value).toBe(false);
  });

  it('offers no settings when the agent has none', async () => {
    harness = await startAcpHarness();
    await harness.agent.runTurn(createRecordingTurn({ message: 'hi', threadId: THREAD }).turn);
    expect(harness.agent.info.settings).toEqual([]);
  });
});
