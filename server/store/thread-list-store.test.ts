/** The store's side of the thread list: filters, archive, restorable delete, paging both ways, search. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ThreadEntry } from '../../lib/protocol/thread-model';
import { openThreadStore } from './prisma-thread-store';
import { InvalidCursorError, type ThreadStore } from './thread-store';
import { toMatchQuery } from './thread-search';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from './testing/databases';

const message = (role: 'user' | 'assistant', text: string): ThreadEntry => ({
  type: 'message',
  role,
  chunks: [{ type: 'text', chunk: text }],
});

describe.each(DATABASE_KINDS)('the thread list on %s', (kind) => {
  let database: TestDatabase;
  let store: ThreadStore;

  beforeEach(async () => {
    database = await createTestDatabase(kind);
    store = await openThreadStore({ database: database.target });
  });

  afterEach(async () => {
    await store.close();
    await database.drop();
  });

  async function threadWith(title: string, texts: string[], agent?: string): Promise<string> {
    const { id } = await store.createThread(title, agent);
    if (texts.length > 0) {
      await store.saveEntries(
        id,
        texts.map((text, seq) => ({ seq, entry: message(seq % 2 === 0 ? 'user' : 'assistant', text) })),
      );
    }
    return id;
  }

  const titles = (page: { threads: Array<{ title: string }> }) => page.threads.map((thread) => thread.title);

  describe('the thread list', () => {
    it('pages newest first, filtered by agent, and leaves archived threads out unless asked', async () => {
      await threadWith('one', []);
      const two = await threadWith('two', [], 'claude');
      await threadWith('three', []);
      await threadWith('four', [], 'claude');

      const first = await store.listThreads({ limit: 2 });
      expect(titles(first)).toEqual(['four', 'three']);
      expect(titles(await store.listThreads({ limit: 2, cursor: first.nextCursor }))).toEqual(['two', 'one']);
      expect(titles(await store.listThreads({ agent: 'claude' }))).toEqual(['four', 'two']);

      const archived = await store.archiveThread(two, true);
      expect(archived?.archivedAt).toBeDefined();
      expect(titles(await store.listThreads())).toEqual(['four', 'three', 'one']);
      expect(titles(await store.listThreads({ archived: true }))).toEqual(['two']);
      expect((await store.archiveThread(two, false))?.archivedAt).toBeUndefined();
      expect(titles(await store.listThreads())).toEqual(['four', 'three', 'two', 'one']);
    });

    it("carries the start of each thread's last message, kept as entries are written and read with the list", async () => {
      const { id } = await store.createThread('Groceries');
      expect((await store.listThreads()).threads[0]?.lastMessageStart).toBeUndefined();
      await store.saveEntries(id, [{ seq: 0, entry: message('user', 'Buy   apples\nand pears') }]);
      expect((await store.listThreads()).threads[0]?.lastMessageStart).toBe('Buy apples and pears');
      // An entry that is not a message, or a message being streamed into, each write follows.
      await store.saveEntries(id, [{ seq: 1, entry: { type: 'readFile', path: 'list.txt', content: 'apples' } }]);
      expect((await store.listThreads()).threads[0]?.lastMessageStart).toBe('Buy apples and pears');
      await store.appendEvents(id, { events: [], entries: [{ seq: 2, entry: message('assistant', 'Added') }], growing: true });
      await store.appendEvents(id, { events: [], entries: [{ seq: 2, entry: message('assistant', 'Added both to the list.') }] });
      expect((await store.listThreads()).threads[0]?.lastMessageStart).toBe('Added both to the list.');
      expect((await store.getThread(id))?.lastMessageStart).toBe('Added both to the list.');
      expect((await store.listThreads({ query: 'groceries' })).threads[0]?.lastMessageStart).toBe('Added both to the list.');
    });

    it('keeps only or leaves out the threads named (the live status filter)', async () => {
      const one = await threadWith('one', []);
      const two = await threadWith('two', []);
      expect(titles(await store.listThreads({ onlyIds: [one] }))).toEqual(['one']);
      expect(titles(await store.listThreads({ onlyIds: [] }))).toEqual([]);
      expect(titles(await store.listThreads({ exceptIds: [two] }))).toEqual(['one']);
    });

    it('refuses a cursor it did not make', async () => {
      await expect(store.listThreads({ limit: 1, cursor: 'not-a-cursor' })).rejects.toBeInstanceOf(InvalidCursorError);
      await expect(store.listThreads({ limit: 1, cursor: 'bm90LWEtY3Vyc29y', query: 'x' })).rejects.toBeInstanceOf(InvalidCursorError);
    });

    it('an unknown thread cannot be archived, deleted or restored', async () => {
      expect(await store.archiveThread('no-such-thread', true)).toBeNull();
      expect(await store.trashThread('no-such-thread')).toBe(false);
      expect(await store.restoreThread('no-such-thread')).toBeNull();
    });
  });

  describe('a restorable delete', () => {
    it('hides the thread everywhere until restored, with nothing lost', async () => {
      const id = await threadWith('Keep me', ['a question about tortoises', 'an answer']);
      expect(await store.trashThread(id)).toBe(true);
      expect(await store.getThread(id)).toBeNull();
      expect(titles(await store.listThreads())).toEqual([]);
      expect(titles(await store.listThreads({ query: 'tortoises' }))).toEqual([]);
      expect(await store.trashThread(id)).toBe(false);

      expect((await store.restoreThread(id))?.title).toBe('Keep me');
      expect(await store.getEntries(id)).toEqual([message('user', 'a question about tortoises'), message('assistant', 'an answer')]);
      expect(titles(await store.listThreads({ query: 'tortoises' }))).toEqual(['Keep me']);
    });

    it('is made final by a purge of what was deleted before a moment, search rows included', async () => {
      const old = await threadWith('Old', ['platypus']);
      const kept = await threadWith('Kept', ['platypus']);
      await store.trashThread(old);
      const moment = new Date(Date.now() + 1);
      await new Promise((resolve) => setImmediate(resolve));
      expect(await store.purgeDeleted(new Date(0))).toEqual([]);
      expect(await store.purgeDeleted(new Date(moment.getTime() + 60_000))).toEqual([old]);
      expect(await store.restoreThread(old)).toBeNull();
      expect(titles(await store.listThreads({ query: 'platypus' }))).toEqual(['Kept']);
      expect(kept).toBeDefined();
    });
  });

  describe('full-text search', () => {
    it('finds text inside an entry, with the entry, a snippet marking the words, and the best match first', async () => {
      const passing = await threadWith('Groceries', ['buy milk', 'Milk is on the list, next to the eggs and the zebra crossing']);
      const focused = await threadWith('Zebra facts', ['tell me about the zebra', 'A zebra has stripes; every zebra differs']);
      await threadWith('Unrelated', ['nothing to see']);

      const page = await store.listThreads({ query: 'zebra' });
      expect(page.threads.map((thread) => thread.id)).toEqual([focused, passing]);
      const [best, other] = page.threads;
      // The title is the best match of the thread named after it.
      expect(best?.match?.seq).toBeUndefined();
      expect(best?.match?.snippet).toEqual([
        { text: 'Zebra', match: true },
        { text: ' facts', match: false },
      ]);
      expect(other?.match?.seq).toBe(1);
      expect(other?.match?.snippet.filter((part) => part.match).map((part) => part.text)).toEqual(['zebra']);
      expect(other?.match?.snippet.map((part) => part.text).join('')).toContain('next to the eggs and the zebra');
    });

    it('matches the last word as a prefix, every word required, whatever the case', async () => {
      await threadWith('Café notes', ['the deployment pipeline failed twice']);
      expect(titles(await store.listThreads({ query: 'deploy' }))).toEqual(['Café notes']);
      expect(titles(await store.listThreads({ query: 'pipeline twice' }))).toEqual(['Café notes']);
      expect(titles(await store.listThreads({ query: 'pipeline thrice' }))).toEqual([]);
      expect(titles(await store.listThreads({ query: 'CAFÉ' }))).toEqual(['Café notes']);
      // Accents fold both ways on both databases (FTS5's remove_diacritics; PostgreSQL's unaccent).
      expect(titles(await store.listThreads({ query: 'cafe' }))).toEqual(['Café notes']);
      await threadWith('Resume', ['the naive approach to the resume']);
      expect(titles(await store.listThreads({ query: 'naïve résumé' }))).toEqual(['Resume']);
      const [hit] = (await store.listThreads({ query: 'cafe' })).threads;
      expect(hit?.match?.snippet.filter((part) => part.match).map((part) => part.text)).toEqual(['Café']);
    });

    it('takes FTS5 and tsquery syntax as plain text, never as an error', async () => {
      await threadWith('Quotes', ['she said "hello" NEAR(the door) and left* because it\'s a back\\slash & pipe | day']);
      const fts5 = ['"', '"hello', '*', 'NEAR(', 'NEAR(the door)', 'hello AND', '-left', 'text:hello', '(', '^', '""""', 'OR'];
      const tsquery = [
        "'",
        "it's",
        "''",
        '\\',
        "\\'",
        '&',
        'a & b',
        '|',
        '!',
        '!hello',
        '<->',
        'a <-> b',
        '<2>',
        'hello:*',
        'hello:A',
        ':*',
        '(a | b)',
        'a)',
      ];
      for (const query of [...fts5, ...tsquery]) {
        await expect(store.listThreads({ query }), query).resolves.toBeDefined();
      }
      expect(titles(await store.listThreads({ query: '"hello"' }))).toEqual(['Quotes']);
      expect(titles(await store.listThreads({ query: 'NEAR(the door' }))).toEqual(['Quotes']);
      expect(titles(await store.listThreads({ query: "because it's" }))).toEqual(['Quotes']);
      expect(titles(await store.listThreads({ query: 'back\\slash' }))).toEqual(['Quotes']);
      expect(titles(await store.listThreads({ query: '!hello' }))).toEqual(['Quotes']);
      expect(toMatchQuery('  *  ')).toBeUndefined();
    });

    it('follows entries as they are rewritten, titles as they are renamed, and the filters', async () => {
      const id = await threadWith('Draft', ['first words']);
      await store.saveEntries(id, [{ seq: 0, entry: message('user', 'second thoughts entirely') }]);
      expect(titles(await store.listThreads({ query: 'first' }))).toEqual([]);
      expect(titles(await store.listThreads({ query: 'thoughts' }))).toEqual(['Draft']);
      await store.renameThread(id, 'Manifesto');
      expect(titles(await store.listThreads({ query: 'draft' }))).toEqual([]);
      expect(titles(await store.listThreads({ query: 'manifesto' }))).toEqual(['Manifesto']);
      await store.archiveThread(id, true);
      expect(titles(await store.listThreads({ query: 'manifesto' }))).toEqual([]);
      expect(titles(await store.listThreads({ query: 'manifesto', archived: true }))).toEqual(['Manifesto']);
      expect(titles(await store.listThreads({ query: 'manifesto', archived: true, agent: 'other' }))).toEqual([]);
    });

    it('finds an imported thread by its title and its entries', async () => {
      const at = new Date('2026-01-02T03:04:05.000Z');
      const imported = await store.importThread({
        title: 'Imported okapi',
        agent: 'builtin',
        model: null,
        createdAt: at,
        modifiedAt: at,
        totalTokens: 0,
        totalCost: null,
        entries: [message('user', 'where do capybaras live'), message('assistant', 'in South America')],
      });
      expect(await store.getEntries(imported.id)).toHaveLength(2);
      expect(titles(await store.listThreads({ query: 'okapi' }))).toEqual(['Imported okapi']);
      expect((await store.listThreads({ query: 'capybaras' })).threads[0]?.match?.seq).toBe(0);
      expect(imported.lastMessageStart).toBe('in South America');
    });

    it('pages search results', async () => {
      for (const name of ['a', 'b', 'c']) await threadWith(`kiwi ${name}`, []);
      const first = await store.listThreads({ query: 'kiwi', limit: 2 });
      expect(first.threads).toHaveLength(2);
      const second = await store.listThreads({ query: 'kiwi', limit: 2, cursor: first.nextCursor });
      expect(second.nextCursor).toBeUndefined();
      expect(new Set([...titles(first), ...titles(second)])).toEqual(new Set(['kiwi a', 'kiwi b', 'kiwi c']));
    });
  });
});
