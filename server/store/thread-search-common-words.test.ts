/**
 * Search for a word most rows hold (more than RANKED_ROWS_AT_MOST): threads by their newest
 * matching entry, newest first, read from a window of the newest rows that grows as a page or a
 * filter needs; and the last word as a prefix, however many words it begins.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ThreadEntry } from '../../lib/protocol/thread-model';
import type { ThreadMetadata } from '../../lib/protocol/thread-model';
import { openThreadStore } from './prisma-thread-store';
import { RANKED_ROWS_AT_MOST, SEARCH_WINDOW_ROWS } from './thread-search';
import type { ThreadStore } from './thread-store';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from './testing/databases';

const message = (text: string): ThreadEntry => ({ type: 'message', role: 'assistant', chunks: [{ type: 'text', chunk: text }] });

type Match = NonNullable<ThreadMetadata['match']>;
const marked = (match: Match | undefined) => match?.snippet.filter((part) => part.match).map((part) => part.text);
const plain = (match: Match | undefined) => match?.snippet.map((part) => part.text).join('');

describe.each(DATABASE_KINDS)('search on %s', (kind) => {
  let database: TestDatabase;
  let store: ThreadStore;
  /** More rows than ranked: every one holds the word. */
  const busyRows = Math.max(RANKED_ROWS_AT_MOST, SEARCH_WINDOW_ROWS);
  let older: string;
  let busy: string;
  let newest: string;

  async function threadWith(title: string, texts: string[], agent?: string): Promise<string> {
    const { id } = await store.createThread(title, agent);
    if (texts.length > 0)
      await store.saveEntries(
        id,
        texts.map((text, seq) => ({ seq, entry: message(text) })),
      );
    return id;
  }

  const ids = (page: { threads: ThreadMetadata[] }) => page.threads.map((thread) => thread.id);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    store = await openThreadStore({ database: database.target });
    older = await threadWith('Older notes', ['a lemur once', 'another lemur, the last one here', 'nothing more'], 'other');
    busy = (await store.createThread('Busy')).id;
    // In several writes, as a long answer is written: one transaction of them all is slow on a busy machine.
    for (let first = 0; first < busyRows; first += 250) {
      const seqs = Array.from({ length: 250 }, (_, index) => first + index);
      await store.saveEntries(
        busy,
        seqs.map((seq) => ({ seq, entry: message(`lemur number ${seq} of the long answer`) })),
      );
    }
    newest = await threadWith('Lemur', []);
  });

  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  describe('a common word', () => {
    it('lists the threads by their newest matching entry, newest first, with that entry and its snippet', async () => {
      const page = await store.listThreads({ query: 'lemur' });
      expect(ids(page)).toEqual([newest, busy, older]);
      const [title, long, old] = page.threads.map((thread) => thread.match);
      expect(title?.seq).toBeUndefined();
      expect(title?.snippet).toEqual([{ text: 'Lemur', match: true }]);
      expect(long?.seq).toBe(busyRows - 1);
      expect(marked(long)).toEqual(['lemur']);
      expect(plain(long)).toContain(`lemur number ${busyRows - 1} of the long answer`);
      expect(old?.seq).toBe(1);
      expect(plain(old)).toContain('another lemur, the last one here');
    });

    it('pages in the same order, neither repeating nor skipping a thread', async () => {
      const pages: string[][] = [];
      let cursor: string | undefined;
      do {
        const page = await store.listThreads({ query: 'lemur', limit: 1, cursor });
        pages.push(ids(page));
        cursor = page.nextCursor;
      } while (cursor !== undefined);
      expect(pages).toEqual([[newest], [busy], [older]]);
      const first = await store.listThreads({ query: 'lemur', limit: 2 });
      const tail = await store.listThreads({ query: 'lemur', limit: 2, cursor: first.nextCursor });
      expect(ids(tail)).toEqual([older]);
      expect(tail.threads[0]?.match?.seq).toBe(1);
      expect(tail.nextCursor).toBeUndefined();
    });

    it('finds the threads a filter keeps however far back their match lies', async () => {
      expect(ids(await store.listThreads({ query: 'lemur', onlyIds: [older, newest] }))).toEqual([newest, older]);
      const [only] = (await store.listThreads({ query: 'lemur', agent: 'other' })).threads;
      expect(only?.id).toBe(older);
      expect(plain(only?.match)).toContain('another lemur');
      expect(ids(await store.listThreads({ query: 'lemur', archived: true }))).toEqual([]);
    });

    it('takes the last word as a prefix, and requires every word', async () => {
      const page = await store.listThreads({ query: 'lem' });
      expect(ids(page)).toEqual([newest, busy, older]);
      expect(marked(page.threads[1]?.match)).toEqual(['lemur']);
      expect(ids(await store.listThreads({ query: 'LEMUR numb' }))).toEqual([busy]);
      expect(ids(await store.listThreads({ query: 'lemur once' }))).toEqual([older]);
      expect(ids(await store.listThreads({ query: 'lemur nowhere' }))).toEqual([]);
      expect(ids(await store.listThreads({ query: 'lemurs' }))).toEqual([]);
    });
  });

  describe('the last word as a prefix', () => {
    it('finds a word among many that begin alike, a word joined by punctuation, and a word with accents', async () => {
      const many = await threadWith('Many', [Array.from({ length: 40 }, (_, index) => `zzq${index}`).join(' ')]);
      const joined = await threadWith('Joined', ['see foo-bar and then foo-qux']);
      const accents = await threadWith('Accents', ['un résumé naïf']);
      expect(ids(await store.listThreads({ query: 'zzq' }))).toEqual([many]);
      expect(ids(await store.listThreads({ query: 'zzq3' }))).toEqual([many]);
      expect(ids(await store.listThreads({ query: 'zzq39' }))).toEqual([many]);
      expect(ids(await store.listThreads({ query: 'zzq40' }))).toEqual([]);
      const [hit] = (await store.listThreads({ query: 'foo-ba' })).threads;
      expect(hit?.id).toBe(joined);
      // SQLite marks the phrase as one, PostgreSQL each of its words wherever it stands.
      expect(marked(hit?.match)?.join(' ')).toMatch(/^foo.bar/);
      expect(ids(await store.listThreads({ query: 'foo-bz' }))).toEqual([]);
      expect(ids(await store.listThreads({ query: 'resu' }))).toEqual([accents]);
      expect(ids(await store.listThreads({ query: 'naïf résu' }))).toEqual([accents]);
    });
  });
});
