import { describe, expect, it } from 'vitest';
import { createBatonStore } from './baton-store';
import { selectOpenQueue } from './prompt-queue-slice';
import { received } from './testing/chat-contents-support';
import { scriptedRelay } from './testing/fake-baton-rpc';

/** A thread whose turn runs: its prompt and the answer's first piece arrived. */
async function storeWithRunningTurn() {
  const rpc = scriptedRelay({ 'thread/steer': () => ({}) });
  const store = createBatonStore(rpc);
  await store.getState().synchronize();
  await store.getState().selectThread('thread-1');
  store
    .getState()
    .receiveChatContents([
      received('thread-1', 'user', { type: 'text', text: 'go slow please' }),
      received('thread-1', 'system', { type: 'progress', state: 'running', text: 'Generating' }),
      received('thread-1', 'assistant', { type: 'text', text: 'chunk 1' }),
    ]);
  return { rpc, store };
}

describe('a steering message the agent took', () => {
  it("leaves the queue, and is not sent again, when one frame brings it, its answer and the turn's end", async () => {
    const { rpc, store } = await storeWithRunningTurn();
    expect(await store.getState().steerPrompt('use tabs')).toBe(true);
    expect(selectOpenQueue(store.getState()).map((queued) => queued.state)).toEqual(['steering']);

    store
      .getState()
      .receiveChatContents([
        received('thread-1', 'user', { type: 'text', text: 'use tabs' }),
        received('thread-1', 'assistant', { type: 'text', text: 'Steered by: use tabs' }),
        received('thread-1', 'system', { type: 'progress', state: 'finished', text: '' }),
      ]);

    expect(selectOpenQueue(store.getState())).toEqual([]);
    expect(rpc.methodsRequested()).not.toContain('chat/prompt');
  });

  it("is sent as a prompt at the turn's end when the agent never took it", async () => {
    const { rpc, store } = await storeWithRunningTurn();
    await store.getState().steerPrompt('use tabs');
    store.getState().receiveChatContents([received('thread-1', 'system', { type: 'progress', state: 'finished', text: '' })]);
    expect(rpc.requests.filter((request) => request.method === 'chat/prompt').map((request) => request.params)).toEqual([
      expect.objectContaining({ chatId: 'thread-1', message: 'use tabs' }),
    ]);
  });
});
