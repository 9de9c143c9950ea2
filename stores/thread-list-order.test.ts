import { describe, expect, it } from 'vitest';
import type { ThreadMetadata } from '../lib/protocol/thread-model';
import { DEFAULT_THREAD_FILTER, withoutThread, withThreadUpdate } from './thread-list-order';

const thread = (id: string, minute: number, extra: Partial<ThreadMetadata> = {}): ThreadMetadata => ({
  id,
  title: id,
  modifiedAt: `2025-01-01T00:${String(minute).padStart(2, '0')}:00.000Z`,
  ...extra,
});
const ids = (threads: readonly ThreadMetadata[]) => threads.map((item) => item.id);
const list = [thread('c', 30), thread('b', 20), thread('a', 10)];

describe('a live thread list', () => {
  it('puts a new or newly modified thread where it belongs, newest first', () => {
    expect(ids(withThreadUpdate(list, thread('d', 40), DEFAULT_THREAD_FILTER, false))).toEqual(['d', 'c', 'b', 'a']);
    expect(ids(withThreadUpdate(list, thread('a', 50), DEFAULT_THREAD_FILTER, false))).toEqual(['a', 'c', 'b']);
    expect(ids(withThreadUpdate(list, thread('x', 15), DEFAULT_THREAD_FILTER, false))).toEqual(['c', 'b', 'x', 'a']);
  });

  it('leaves a thread older than the loaded pages to the page that brings it, unless the list is complete', () => {
    expect(ids(withThreadUpdate(list, thread('old', 1), DEFAULT_THREAD_FILTER, false))).toEqual(['c', 'b', 'a']);
    expect(ids(withThreadUpdate(list, thread('old', 1), DEFAULT_THREAD_FILTER, true))).toEqual(['c', 'b', 'a', 'old']);
  });

  it('drops a thread archived (or unarchived) out of the list shown', () => {
    expect(ids(withThreadUpdate(list, thread('b', 20, { archivedAt: '2025-01-02T00:00:00.000Z' }), DEFAULT_THREAD_FILTER, false))).toEqual([
      'c',
      'a',
    ]);
    const archivedView = { ...DEFAULT_THREAD_FILTER, archived: true };
    expect(ids(withThreadUpdate([thread('b', 20, { archivedAt: 'x' })], thread('b', 20), archivedView, true))).toEqual([]);
  });

  it('under a status filter, takes in a thread that starts running and lets it go when its turn ends', () => {
    const running = { ...DEFAULT_THREAD_FILTER, status: 'running' as const };
    const shown = withThreadUpdate([], thread('b', 20, { status: 'running' }), running, true);
    expect(ids(shown)).toEqual(['b']);
    expect(ids(withThreadUpdate(shown, thread('b', 21, { status: 'waiting' }), running, true))).toEqual([]);
    expect(ids(withThreadUpdate(shown, thread('b', 21, { status: 'idle' }), running, true))).toEqual([]);
    expect(ids(withThreadUpdate(shown, thread('b', 21), running, true))).toEqual([]);
  });

  it('under an agent filter, shows only the threads bound to that agent, and drops one handed over', () => {
    const eca = { ...DEFAULT_THREAD_FILTER, agent: 'eca' };
    expect(ids(withThreadUpdate(list, thread('d', 40, { agent: 'builtin' }), eca, true))).toEqual(['c', 'b', 'a']);
    const shown = withThreadUpdate([], thread('d', 40, { agent: 'eca' }), eca, true);
    expect(ids(shown)).toEqual(['d']);
    expect(ids(withThreadUpdate(shown, thread('d', 41, { agent: 'builtin' }), eca, true))).toEqual([]);
  });

  it('updates search results in place, keeping their match, and adds none', () => {
    const search = { ...DEFAULT_THREAD_FILTER, query: 'zebra' };
    const match = { seq: 3, snippet: [{ text: 'zebra', match: true }] };
    const results = [thread('b', 20, { match }), thread('a', 10)];
    const updated = withThreadUpdate(results, thread('b', 50, { title: 'Renamed', status: 'running' }), search, true);
    expect(updated.map((item) => [item.id, item.title, item.status, item.match])).toEqual([
      ['b', 'Renamed', 'running', match],
      ['a', 'a', undefined, undefined],
    ]);
    expect(withThreadUpdate(results, thread('new', 60), search, true)).toBe(results);
  });

  it('removes a deleted thread', () => {
    expect(ids(withoutThread(list, 'b'))).toEqual(['c', 'a']);
    expect(withoutThread(list, 'nope')).toBe(list);
  });
});
