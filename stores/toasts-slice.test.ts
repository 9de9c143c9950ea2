import { describe, expect, it } from 'vitest';
import { createBatonStore } from './baton-store';
import { FakeBatonRpc } from './testing/fake-baton-rpc';
import { MAX_TOASTS } from './toasts-slice';

describe('toasts from $/showMessage', () => {
  it('shows each message once until it is dismissed', () => {
    const store = createBatonStore(new FakeBatonRpc());
    store.getState().showMessage({ type: 'error', message: 'MCP server everything failed' });
    store.getState().showMessage({ type: 'error', message: 'MCP server everything failed' });
    store.getState().showMessage({ type: 'info', message: 'Indexed' });
    expect(store.getState().toasts.map((toast) => toast.type)).toEqual(['error', 'info']);

    store.getState().dismissToast(store.getState().toasts[0]!.id);
    expect(store.getState().toasts.map((toast) => toast.message)).toEqual(['Indexed']);

    store.getState().showMessage({ type: 'error', message: 'MCP server everything failed' });
    expect(store.getState().toasts).toHaveLength(2);
  });

  it('lets the oldest give way when too many pile up', () => {
    const store = createBatonStore(new FakeBatonRpc());
    for (let index = 0; index < MAX_TOASTS + 2; index += 1) {
      store.getState().showMessage({ type: 'warning', message: `warning ${index}` });
    }
    expect(store.getState().toasts.map((toast) => toast.message)).toEqual(
      Array.from({ length: MAX_TOASTS }, (_, index) => `warning ${index + 2}`),
    );
  });
});
