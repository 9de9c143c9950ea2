/**
 * A streamed piece an agent hands over without a promise (ThreadRecorder.offerPiece) is recorded
 * and told to the tabs as an emitted one is, in order; the recorder refuses it, taking nothing,
 * whenever the agent must emit and wait instead.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SequencedContentReceivedParams } from '../../lib/protocol/thread-events';
import { openThreadStore } from '../store/prisma-thread-store';
import type { ThreadStore } from '../store/thread-store';
import { HIGH_WATER } from './recording-limits';
import { ThreadRecorder } from './thread-recorder';

let folder: string;
let store: ThreadStore;
let told: SequencedContentReceivedParams[];

beforeEach(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'baton-offered-test-'));
  store = await openThreadStore({ databaseFile: path.join(folder, 'baton.db') });
  told = [];
});

afterEach(async () => {
  await store.close();
  await rm(folder, { recursive: true, force: true });
});

async function recorder(): Promise<ThreadRecorder> {
  const { id } = await store.createThread('offered');
  return ThreadRecorder.load(id, store, (params) => told.push(params));
}

const answerText = (entries: readonly { type: string; chunks?: readonly { chunk?: string }[] }[]) =>
  entries.map((entry) => entry.chunks?.map((chunk) => chunk.chunk).join('') ?? entry.type);

describe('a piece offered without a promise', () => {
  it('is stored and told in order with what was emitted around it', async () => {
    const thread = await recorder();
    await thread.record('user', { type: 'text', text: 'Hello' });
    expect(thread.offerPiece('assistant', { type: 'text', text: 'Hi, ' })).toBe(true);
    await thread.emit('assistant', { type: 'text', text: 'how ' });
    expect(thread.offerPiece('assistant', { type: 'text', text: 'are you?' })).toBe(true);
    await thread.record('system', { type: 'progress', state: 'finished' });

    expect(told.map((params) => params.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(answerText(await thread.history())).toEqual(['Hello', 'Hi, how are you?']);
    // What a reload shows is what the store holds.
    const reloaded = await ThreadRecorder.load(thread.threadId, store, () => undefined);
    expect(answerText(await reloaded.history())).toEqual(['Hello', 'Hi, how are you?']);
  });

  it('is refused, nothing taken, when it is not a streamed piece', async () => {
    const thread = await recorder();
    expect(thread.offerPiece('assistant', { type: 'progress', state: 'running', text: 'Thinking' })).toBe(false);
    await thread.settled();
    expect(told).toEqual([]);
  });

  it('is refused once the queue is long, and the agent that emits it instead waits for a write', async () => {
    const thread = await recorder();
    let taken = 0;
    // Offered in one go, with no write in between: the queue only grows.
    while (taken <= HIGH_WATER && thread.offerPiece('assistant', { type: 'text', text: 'x' })) taken += 1;
    expect(taken).toBe(HIGH_WATER - 1);

    // Resolved at once, this would find nothing told yet: it waits for a batch to be written and told.
    let toldWhenEmitted = 0;
    await thread.emit('assistant', { type: 'text', text: 'y' }).then(() => (toldWhenEmitted = told.length));
    expect(toldWhenEmitted).toBeGreaterThan(0);
    await thread.settled();
    expect(told).toHaveLength(HIGH_WATER);
    expect(answerText(await thread.history())).toEqual([`${'x'.repeat(HIGH_WATER - 1)}y`]);
  });
});
