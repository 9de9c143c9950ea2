/**
 * The ECA client against a server that speaks as today's ECA servers do (the fake's
 * `--protocol=current`): the agents vocabulary, nulls for "none", commands and contents the seed
 * specs do not have. Nothing of it may be fatal, and what Baton cannot draw is still named.
 */
import { describe, expect, it } from 'vitest';
import { createRecordingTurn } from '../../hub/testing/recording-turn';
import { fakeServerEntry, spokenText, useEcaClient } from './testing/eca-client-support';

const currentServer = () => fakeServerEntry(['--protocol=current']);

describe('ECA client: a server of the current protocol', () => {
  const fixture = useEcaClient();

  it('reads its agents as behaviours, its nulls as "no change", and a finished progress without text', async () => {
    const backend = fixture.backend(currentServer());
    const recording = createRecordingTurn({ message: 'hello' });
    await backend.runTurn(recording.turn);
    expect(backend.info).toMatchObject({ model: 'fake-large', models: ['fake-small', 'fake-large'], behaviors: ['code', 'plan'] });
    expect(spokenText(recording.contents)).toBe('Hello from the fake ECA server.');
  });

  it('selects a behaviour through chat/selectedAgentChanged and sends a prompt its agent', async () => {
    const backend = fixture.backend(currentServer());
    await backend.selectBehavior('plan');
    const recording = createRecordingTurn({ message: 'echo', behavior: 'plan' });
    await backend.runTurn(recording.turn);
    expect(JSON.parse(spokenText(recording.contents))).toMatchObject({ agent: 'plan', behavior: 'plan' });
    await fixture.until(() => fixture.logs.some((line) => line.includes('agent selected: plan')), 'the server to take the agent');
  });

  it('names the contents it cannot draw, keeps a provider-side tool call, and goes on', async () => {
    const backend = fixture.backend(currentServer());
    const recording = createRecordingTurn({ message: 'newer contents' });
    await backend.runTurn(recording.turn);
    const text = spokenText(recording.contents);
    expect(text).toContain('[image: image/png]');
    expect(text).toContain('[flag: Checkpoint]');
    expect(text).toContain('[hookActionStarted: lint]');
    expect(text).toMatch(/Newer survived\.$/);
    // 'server' origin reads as a tool from elsewhere; 'userConfigDeny' as v2's 'user-config'.
    expect(recording.entries().find((entry) => entry.type === 'toolCall')).toMatchObject({
      id: 'call-web',
      origin: 'mcp',
      status: 'rejected',
      reason: 'user-config',
    });
    expect(fixture.logs.join('\n')).not.toMatch(/-32602/);
  });

  it("lists commands of the current protocol's types, an argument without `required` not required", async () => {
    const backend = fixture.backend(currentServer());
    expect(await backend.listCommands()).toContainEqual({
      name: 'review',
      description: 'Reviews a file',
      type: 'mcp-prompt',
      arguments: [{ name: 'path', required: false }],
    });
  });
});
