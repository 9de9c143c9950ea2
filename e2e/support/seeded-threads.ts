/**
 * Threads written into a data folder before its relay starts, through the relay's own store
 * (an import, as `baton import` makes one), each with the time it was last changed: what a list
 * with a history looks like, dates and all.
 */
import path from 'node:path';
import type { ThreadEntry } from '../../lib/protocol/thread-model';
import { openThreadStore } from '../../server/store/prisma-thread-store';

export interface SeededThread {
  title: string;
  modifiedAt: Date;
  /** The messages, alternating from the user's. */
  messages: readonly string[];
  agent?: string;
}

const message = (role: 'user' | 'assistant', chunk: string): ThreadEntry => ({ type: 'message', role, chunks: [{ type: 'text', chunk }] });

/** Stores the threads; their ids, in the order given. */
export async function seedThreads(dataDir: string, threads: readonly SeededThread[]): Promise<string[]> {
  const store = await openThreadStore({ databaseFile: path.join(dataDir, 'baton.db') });
  try {
    const ids: string[] = [];
    for (const thread of threads) {
      const imported = await store.importThread({
        title: thread.title,
        agent: thread.agent ?? 'builtin',
        model: null,
        createdAt: thread.modifiedAt,
        modifiedAt: thread.modifiedAt,
        totalTokens: 0,
        totalCost: null,
        entries: thread.messages.map((text, index) => message(index % 2 === 0 ? 'user' : 'assistant', text)),
      });
      ids.push(imported.id);
    }
    return ids;
  } finally {
    await store.close();
  }
}
