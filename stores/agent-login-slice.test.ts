import { describe, expect, it } from 'vitest';
import { selectLoginTerminal, selectOpenThreadLoginAgent } from './agent-login-slice';
import { createBatonStore } from './baton-store';
import { FakeBatonRpc, WireError } from './testing/fake-baton-rpc';

const terminal = { threadId: 'thread-a', methodName: 'Log in', state: 'running' as const, output: 'Enter your code: ' };

describe('agent logins', () => {
  it('shows a login terminal on the thread whose turn waits for it, and on no other', () => {
    const store = createBatonStore(new FakeBatonRpc());
    store.getState().receiveAgentLogin({ agent: 'claude', canLogOut: true, terminal });
    store.setState({ selectedThreadId: 'thread-b' });
    expect(selectOpenThreadLoginAgent(store.getState())).toBeNull();
    store.setState({ selectedThreadId: 'thread-a' });
    expect(selectOpenThreadLoginAgent(store.getState())).toBe('claude');
    expect(selectLoginTerminal(store.getState(), 'claude')).toEqual(terminal);
    store.getState().receiveAgentLogin({ agent: 'claude', canLogOut: true, terminal: null });
    expect(selectOpenThreadLoginAgent(store.getState())).toBeNull();
  });

  it('says why what was typed was refused, and why Log out failed', async () => {
    const refuse = () => {
      throw new WireError(-32600, 'claude has no login running to type into.');
    };
    const store = createBatonStore(new FakeBatonRpc({ 'agent/loginInput': refuse, 'agent/logout': refuse }));
    await store.getState().typeIntoLogin('claude', 'code\r');
    expect(store.getState().agentLoginError).toBe('claude has no login running to type into.');
    await store.getState().logOut('claude');
    expect(store.getState().toasts.map((toast) => toast.message)).toEqual([
      'Could not log out of claude: claude has no login running to type into.',
    ]);
  });
});
