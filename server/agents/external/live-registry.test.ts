import { describe, expect, it } from 'vitest';
import { AgentUnavailableError } from '../agent-backend';
import { LiveRegistry } from './live-registry';
import { RestartBudget } from './restart-budget';

interface Fake {
  id: number;
  live: boolean;
}

function registry(maxFailures = 5) {
  let started = 0;
  const live = new LiveRegistry<Fake>(new RestartBudget('fake', { maxFailures, windowMs: 60_000, now: () => 0 }), (fake) => fake.live);
  const start = async (): Promise<Fake> => ({ id: (started += 1), live: true });
  return { live, start, started: () => started };
}

describe('LiveRegistry', () => {
  it('reuses a live one, and starts a new one once it has gone', async () => {
    const { live, start, started } = registry();
    const first = await live.obtain('thread', start);
    expect(first).toEqual({ value: { id: 1, live: true }, fresh: true });
    expect(await live.obtain('thread', start)).toEqual({ value: first.value, fresh: false });
    first.value.live = false;
    expect(await live.obtain('thread', start)).toEqual({ value: { id: 2, live: true }, fresh: true });
    expect(await live.obtain('other', start)).toMatchObject({ value: { id: 3 }, fresh: true });
    expect(started()).toBe(3);
  });

  it('refuses a start once too many went away, with a clear message', async () => {
    const { live, start } = registry(2);
    (await live.obtain('agent', start)).value.live = false;
    (await live.obtain('agent', start)).value.live = false;
    const refused = await live.obtain('agent', start).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AgentUnavailableError);
    expect((refused as Error).message).toMatch(/fake failed 2 times within 60 s/);
  });

  it('counts failed starts', async () => {
    const { live, start } = registry(2);
    const failing = () => Promise.reject(new Error('no such command'));
    await expect(live.obtain('agent', failing)).rejects.toThrow('no such command');
    await expect(live.obtain('agent', failing)).rejects.toThrow('no such command');
    await expect(live.obtain('agent', start)).rejects.toThrow(/fake failed 2 times/);
  });

  it('never counts a healthy start: a sixth thread and many more start in the same minute', async () => {
    const { live, start, started } = registry(5);
    await Promise.all(Array.from({ length: 12 }, (_, thread) => live.obtain(`thread-${thread}`, start)));
    expect(started()).toBe(12);
  });

  it('counts only the replacements the caller says replace a failure', async () => {
    const { live, start } = registry(1);
    const healthy = { replacesFailure: () => false };
    (await live.obtain('a', start, healthy)).value.live = false;
    (await live.obtain('a', start, healthy)).value.live = false;
    await live.obtain('a', start, healthy);
    await expect(live.obtain('b', start, { replacesFailure: () => true })).rejects.toThrow(AgentUnavailableError);
  });

  it('shares one start between callers asking at once', async () => {
    const { live, start, started } = registry();
    const [a, b] = await Promise.all([live.obtain('agent', start), live.obtain('agent', start)]);
    expect(a.value).toBe(b.value);
    expect(started()).toBe(1);
  });

  it('forgets a failed start, so the next call starts again', async () => {
    const { live, start } = registry();
    const failure = new Error('no such command');
    await expect(live.obtain('agent', () => Promise.reject(failure))).rejects.toBe(failure);
    expect(live.keys()).toEqual([]);
    expect(await live.obtain('agent', start)).toMatchObject({ fresh: true });
  });

  it('releases what it holds, which the next call then starts anew', async () => {
    const { live, start } = registry();
    const { value } = await live.obtain('thread', start);
    expect(live.peek('thread')).toBe(value);
    expect(await live.release('thread')).toBe(value);
    expect(live.peek('thread')).toBeUndefined();
    expect(await live.release('thread')).toBeUndefined();
    expect((await live.obtain('thread', start)).value).not.toBe(value);
  });
});
