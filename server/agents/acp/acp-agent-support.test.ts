import { afterEach, expect, it } from 'vitest';
import { createRecordingTurn } from '../../hub/testing/recording-turn';
import { agentSupport } from './acp-agent-support';
import { type AcpHarness, startAcpHarness } from './testing/acp-support';

let harness: AcpHarness | undefined;
afterEach(async () => {
  await harness?.cleanUp();
  harness = undefined;
});

it('describes what the fake agent said in initialize once it has started, and tells the UI so', async () => {
  harness = await startAcpHarness();
  const { agent } = harness;
  expect(agent.info.support).toBeUndefined();
  let changes = 0;
  agent.onInfoChanged(() => (changes += 1));
  await agent.runTurn(createRecordingTurn({ message: 'hello' }).turn);
  expect(agent.info.support).toEqual({
    agentName: 'fake-acp-agent',
    agentVersion: '1.0.0',
    loadSession: true,
    prompt: { image: true, audio: false, embeddedContext: true },
    mcp: { http: true, sse: false },
    sessionCapabilities: ['close', 'list', 'resume'],
    authMethods: [],
  });
  expect(changes).toBeGreaterThan(0);
});

it('names the login methods, prefers the title, and leaves out what the agent left out or set to null', () => {
  expect(
    agentSupport({
      protocolVersion: 1,
      agentInfo: { name: 'claude-agent-acp', title: 'Claude Code', version: '0.31.0' },
      agentCapabilities: { sessionCapabilities: { list: {}, resume: null } },
      authMethods: [
        { id: 'claude-login', name: 'Log in with Claude Code', description: 'Run `claude /login` in the terminal' },
        { id: 'api-key', name: '' },
      ],
    }),
  ).toEqual({
    agentName: 'Claude Code',
    agentVersion: '0.31.0',
    loadSession: false,
    prompt: { image: false, audio: false, embeddedContext: false },
    mcp: { http: false, sse: false },
    sessionCapabilities: ['list'],
    authMethods: ['Log in with Claude Code', 'api-key'],
  });
});

it('gives no name or version when the agent sends no agentInfo', () => {
  expect(agentSupport({ protocolVersion: 1 })).toEqual({
    loadSession: false,
    prompt: { image: false, audio: false, embeddedContext: false },
    mcp: { http: false, sse: false },
    sessionCapabilities: [],
    authMethods: [],
  });
});

it('reads a malformed answer as far as it can, without failing', () => {
  const answer = {
    protocolVersion: 1,
    agentInfo: { name: 42 },
    agentCapabilities: { promptCapabilities: null, sessionCapabilities: ['resume'], loadSession: 'yes' },
    authMethods: [null, 'login', { id: 'token' }],
  } as unknown as Parameters<typeof agentSupport>[0];
  expect(agentSupport(answer)).toEqual({
    loadSession: false,
    prompt: { image: false, audio: false, embeddedContext: false },
    mcp: { http: false, sse: false },
    sessionCapabilities: [],
    authMethods: ['token'],
  });
});
