import { randomUUID } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CommandSandbox } from '../../process/command-sandbox';
import { SandboxConfigSchema } from '../../process/sandbox-config';
import type { AgentLoginStatus } from '../agent-login';
import { createRecordingTurn } from '../../hub/testing/recording-turn';
import { type AcpHarness, startAcpHarness } from './testing/acp-support';

let harness: AcpHarness | undefined;
const markers: string[] = [];
afterEach(async () => {
  await harness?.cleanUp();
  harness = undefined;
  for (const marker of markers.splice(0)) rmSync(marker, { force: true });
});

/** An agent that needs a terminal login, with each status its login reports kept in order. */
async function startNeedingLogin(env: Record<string, string> = {}) {
  const marker = path.join(os.tmpdir(), `fake-login-${randomUUID()}`);
  markers.push(marker);
  harness = await startAcpHarness({ env: { FAKE_ACP_LOGIN_MARKER: marker, ...env } });
  const statuses: AgentLoginStatus[] = [];
  const watchers = new Set<() => void>();
  harness.agent.login.onUpdated((status) => {
    statuses.push(status);
    for (const watch of [...watchers]) watch();
  });
  /** Resolves with the first status (past or future, from the `from`th on) that `test` accepts. */
  const status = (test: (status: AgentLoginStatus) => boolean, from = 0) =>
    new Promise<AgentLoginStatus>((resolve) => {
      const check = () => {
        const found = statuses.slice(from).find(test);
        if (!found) return;
        watchers.delete(check);
        resolve(found);
      };
      watchers.add(check);
      check();
    });
  return { agent: harness.agent, marker, statuses, status };
}

const says = (text: string) => (status: AgentLoginStatus) => status.terminal?.output.includes(text) === true;

describe('ACP terminal login', () => {
  it('runs the agent’s login in a real PTY, streams it, takes what the user types, then answers the prompt', async () => {
    const { agent, marker, status } = await startNeedingLogin();
    const recording = createRecordingTurn({ message: 'hello after login' });
    const turn = agent.runTurn(recording.turn);
    const asking = await status(says('Enter your code:'));
    expect(asking.terminal).toMatchObject({ threadId: recording.turn.threadId, methodName: 'Log in to the fake agent', state: 'running' });
    // The method's env reached it; it runs on a terminal; the relay's secret did not reach it.
    expect(asking.terminal?.output).toContain('Welcome to the fake login');
    expect(asking.terminal?.output).toContain('tty=true');
    expect(asking.terminal?.output).toContain('secret=none');
    agent.login.input('let-me-in\r');
    await turn;
    expect(existsSync(marker)).toBe(true);
    const text = recording.contents.flatMap((content) => (content.type === 'text' ? [content.text] : [])).join('');
    expect(text).toBe('Fake agent heard: hello after login');
    expect(agent.login.current()).toEqual({ canLogOut: true, terminal: null });
  });

  it('fails the turn with a clear message when the login exits non-zero, and keeps the terminal to read', async () => {
    const { agent, status } = await startNeedingLogin();
    const recording = createRecordingTurn({ message: 'hello' });
    const turn = agent.runTurn(recording.turn);
    await status(says('Enter your code:'));
    agent.login.input('wrong\r');
    await expect(turn).rejects.toThrow(/needs you to log in, and the login did not succeed: The login command exited with code 1/);
    expect(agent.login.current().terminal).toMatchObject({ state: 'failed', message: 'The login command exited with code 1.' });
    expect(agent.login.current().terminal?.output).toContain('That code is wrong.');
    expect(() => agent.login.input('again\r')).toThrow(/has no login running/);
    agent.login.cancel();
    expect(agent.login.current().terminal).toBeNull();
  });

  it('stops the login when the user cancels it, when its thread is closed, and at Stop', async () => {
    const { agent, status, statuses } = await startNeedingLogin();
    const first = createRecordingTurn({ message: 'hello', threadId: 'cancelled' });
    const cancelled = agent.runTurn(first.turn);
    await status((each) => each.terminal?.threadId === 'cancelled' && each.terminal.output.includes('Enter your code:'));
    agent.login.cancel();
    await expect(cancelled).rejects.toThrow(/The login to fake-acp was cancelled/);
    const second = createRecordingTurn({ message: 'hello', threadId: 'closed' });
    const closed = agent.runTurn(second.turn);
    await status((each) => each.terminal?.threadId === 'closed' && each.terminal.output.includes('Enter your code:'));
    await agent.closeThread('closed');
    await expect(closed).rejects.toThrow(/cancelled/);
    expect(agent.login.current().terminal).toBeNull();
    // Stop ends the turn at once; the login it waited for goes with it.
    const third = createRecordingTurn({ message: 'hello', threadId: 'stopped' });
    const stopped = agent.runTurn(third.turn);
    await status((each) => each.terminal?.threadId === 'stopped' && each.terminal.output.includes('Enter your code:'));
    const before = statuses.length;
    third.stop();
    await stopped;
    await status((each) => each.terminal === null, before);
    expect(agent.login.current().terminal).toBeNull();
  });

  it('logs out through ACP logout: the next prompt needs the login again', async () => {
    const { agent, marker, status } = await startNeedingLogin();
    const first = createRecordingTurn({ message: 'one' });
    const turn = agent.runTurn(first.turn);
    await status(says('Enter your code:'));
    agent.login.input('let-me-in\r');
    await turn;
    await agent.login.logout();
    expect(existsSync(marker)).toBe(false);
    const second = createRecordingTurn({ message: 'two', threadId: 'after-logout' });
    const again = agent.runTurn(second.turn);
    await status((each) => each.terminal?.threadId === 'after-logout' && each.terminal.output.includes('Enter your code:'));
    agent.login.cancel();
    await expect(again).rejects.toThrow(/cancelled/);
  });

  it('runs the login in the sandbox agents run in: the data folder out of its reach', async () => {
    // Relative: the sandbox gives /tmp a fresh folder, so the marker lives in the workspace, where the login runs.
    harness = await startAcpHarness({
      env: { FAKE_ACP_LOGIN_MARKER: '.fake-login-marker', FAKE_ACP_LOGIN_PEEK: '.baton-data/config.json' },
      sandbox: ({ root, dataFolder }) =>
        CommandSandbox.start({
          config: SandboxConfigSchema.parse({ agents: true }),
          workspaceRoot: root,
          dataDir: dataFolder,
          env: { PATH: process.env.PATH, HOME: root },
        }),
    });
    const { agent } = harness;
    const outputs: string[] = [];
    const asked = new Promise<void>((resolve) =>
      agent.login.onUpdated((status) => {
        outputs.push(status.terminal?.output ?? '');
        if (status.terminal?.output.includes('Enter your code:')) resolve();
      }),
    );
    const turn = agent.runTurn(createRecordingTurn({ message: 'sandboxed hello' }).turn);
    await asked;
    expect(outputs.join('')).toContain('peek=refused');
    agent.login.input('let-me-in\r');
    await turn;
    expect(existsSync(path.join(harness.root, '.fake-login-marker'))).toBe(true);
  });

  it('says plainly when the agent needs a login Baton cannot run', async () => {
    const marker = path.join(os.tmpdir(), `fake-login-${randomUUID()}`);
    harness = await startAcpHarness({ env: { FAKE_ACP_LOGIN_MARKER: marker, FAKE_ACP_LOGIN_TYPE: 'agent' } });
    await expect(harness.agent.runTurn(createRecordingTurn({ message: 'hi' }).turn)).rejects.toThrow(
      'fake-acp needs you to log in (it offers: Log in to the fake agent), and offers no login Baton can run: log in outside Baton, then send the prompt again.',
    );
    expect(harness.agent.login.current().terminal).toBeNull();
  });

  it('refuses Log out for an agent that does not advertise it', async () => {
    harness = await startAcpHarness();
    await harness.agent.runTurn(createRecordingTurn({ message: 'hi' }).turn);
    expect(harness.agent.login.current().canLogOut).toBe(false);
    await expect(harness.agent.login.logout()).rejects.toThrow(/does not offer to log out/);
  });
});
