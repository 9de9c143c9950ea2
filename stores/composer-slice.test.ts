import { describe, expect, it } from 'vitest';
import type { ChatContext } from '../lib/protocol/eca-chat';
import { createBatonStore } from './baton-store';
import { reconcileChoice } from './composer-slice';
import { scriptedRelay } from './testing/fake-baton-rpc';

const readme: ChatContext = { type: 'file', path: 'README.md' };
const readmeLines: ChatContext = { type: 'file', path: 'README.md', linesRange: { start: 10, end: 20 } };
const src: ChatContext = { type: 'directory', path: 'src' };

describe('the model and behavior of the next prompt', () => {
  it('follows config/updated: what it imposes, else the user’s choice while offered, else the first', () => {
    expect(reconcileChoice(null, ['a', 'b'], undefined)).toBe('a');
    expect(reconcileChoice('b', ['a', 'b'], undefined)).toBe('b');
    expect(reconcileChoice('gone', ['a', 'b'], undefined)).toBe('a');
    expect(reconcileChoice('b', ['a', 'b'], 'a')).toBe('a');
    expect(reconcileChoice('b', undefined, undefined)).toBe('b');
    expect(reconcileChoice(null, undefined, undefined)).toBeNull();
  });

  it('takes the lists and defaults from config/updated, and keeps a choice across updates', () => {
    const store = createBatonStore(scriptedRelay());
    store.getState().receiveConfig({
      chat: { models: ['fast', 'smart'], behaviors: ['agent', 'plan'], selectModel: 'smart', selectBehavior: 'agent' },
    });
    expect(store.getState()).toMatchObject({ selectedModel: 'smart', selectedBehavior: 'agent' });

    store.getState().selectModel('fast');
    store.getState().receiveConfig({ chat: { welcomeMessage: 'Hi' } });
    expect(store.getState().selectedModel).toBe('fast');
  });

  it('tells the relay when the behavior changes, once', () => {
    const rpc = scriptedRelay();
    const store = createBatonStore(rpc);
    store.getState().receiveConfig({ chat: { behaviors: ['agent', 'plan'], selectBehavior: 'agent' } });

    store.getState().selectBehavior('plan');
    store.getState().selectBehavior('plan');

    expect(store.getState().selectedBehavior).toBe('plan');
    expect(rpc.notifications).toEqual([{ method: 'chat/selectedBehaviorChanged', params: { behavior: 'plan' } }]);
  });

  it('sends the model, the behavior and the chosen contexts with the prompt, then empties the contexts', async () => {
    const rpc = scriptedRelay();
    const store = createBatonStore(rpc);
    store.getState().receiveConfig({ chat: { models: ['smart'], behaviors: ['agent', 'plan'], selectBehavior: 'plan' } });
    await store.getState().selectThread('thread-1');
    store.getState().addPromptContext(readmeLines);
    store.getState().addPromptContext(src);

    expect(await store.getState().sendPrompt('Explain')).toBe(true);

    expect(rpc.requests.at(-1)).toEqual({
      method: 'chat/prompt',
      params: { chatId: 'thread-1', message: 'Explain', model: 'smart', behavior: 'plan', contexts: [readmeLines, src] },
    });
    expect(store.getState().promptContexts).toEqual([]);
  });
});

describe('the contexts of the next prompt', () => {
  it('adds a context once, tells a line range from the whole file, and removes one', () => {
    const store = createBatonStore(scriptedRelay());
    for (const context of [readme, readmeLines, { ...readme }, src]) store.getState().addPromptContext(context);
    expect(store.getState().promptContexts).toEqual([readme, readmeLines, src]);

    store.getState().removePromptContext({ type: 'file', path: 'README.md' });
    expect(store.getState().promptContexts).toEqual([readmeLines, src]);
  });

  it('asks the relay with the query and the chosen contexts, and offers only the others', async () => {
    const rpc = scriptedRelay({ 'chat/queryContext': () => ({ contexts: [readme, src, { type: 'repoMap' }] }) });
    const store = createBatonStore(rpc);
    await store.getState().selectThread('thread-1');
    store.getState().addPromptContext(src);

    expect(await store.getState().queryContexts('re')).toEqual([readme, { type: 'repoMap' }]);
    expect(rpc.requests.at(-1)).toEqual({
      method: 'chat/queryContext',
      params: { chatId: 'thread-1', query: 're', contexts: [src] },
    });
  });

  it('asks for commands without a chat id when no thread is open', async () => {
    const command = { name: 'costs', description: 'Show the costs', type: 'native' as const, arguments: [] };
    const rpc = scriptedRelay({ 'chat/queryCommands': () => ({ commands: [command] }) });
    const store = createBatonStore(rpc);

    expect(await store.getState().queryCommands('co')).toEqual([command]);
    expect(rpc.requests.at(-1)).toEqual({ method: 'chat/queryCommands', params: { query: 'co' } });
  });
});
