/**
 * Rewind and fork through the hub, with the real built-in agent on the scripted model: the files
 * its approved tool calls changed go back, the entries leave the thread in the store and in every
 * tab's replay, and the agent's next turn no longer hears what was removed. On both databases.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AgentRegistry } from '../agents/agent-registry';
import { say, scriptedSteps, useAgentFixture, useTool } from '../agents/builtin/testing/agent-support';
import { ThreadHub } from '../hub/thread-hub';
import { ThreadBusyError } from '../hub/thread-session';
import { DATABASE_KINDS, type DatabaseKind } from '../store/testing/databases';
import { forkThreadAt, previewThreadRewind, rewindThreadTo } from './thread-history-edits';
import { messageTexts, replayedEntries, type RewindHarness, startRewindHarness } from './testing/rewind-support';
import { RewindPointError } from './user-messages';

const fixture = useAgentFixture({ prefix: 'baton-rewind-' });
let harness: RewindHarness | undefined;

afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

/** Two turns: the first creates notes.txt, the second edits it. */
async function twoTurns(database: DatabaseKind) {
  const agent = await fixture.agentWith(
    scriptedSteps(
      useTool('write_file', { path: 'notes.txt', content: 'one\n' }),
      say('Wrote it.'),
      useTool('edit_file', { path: 'notes.txt', old_text: 'one', new_text: 'two' }),
      say('Changed it.'),
    ),
  );
  harness = await startRewindHarness(fixture.workspaceRoot, () => AgentRegistry.builtinOnly(agent), database);
  const thread = await harness.hub.createThread();
  await harness.turn(thread.id, 'create notes');
  await harness.turn(thread.id, 'change notes');
  const entries = await harness.hub.getEntries(thread.id);
  const second = entries.findIndex(
    (entry) => entry.type === 'message' && entry.role === 'user' && entry.chunks[0]?.chunk === 'change notes',
  );
  return { harness, threadId: thread.id, entries, second };
}

const notes = () => readFile(path.join(fixture.workspaceRoot, 'notes.txt'), 'utf8');

describe.each(DATABASE_KINDS)('on %s', (database) => {
  describe('rewind', () => {
    it('puts the file back, removes the later entries everywhere, and the agent no longer hears them', async () => {
      const { harness, threadId, entries, second } = await twoTurns(database);
      expect(await notes()).toBe('two\n');
      const editors = harness;

      expect(await previewThreadRewind(editors, threadId, second)).toEqual({
        removedEntries: entries.length - second,
        files: [{ path: 'notes.txt', action: 'restore' }],
        conflicts: [],
      });
      const lastSeq = harness.broadcasts.at(-1)?.seq ?? 0;
      expect(await rewindThreadTo(editors, threadId, second)).toEqual({
        removedEntries: entries.length - second,
        restoredFiles: [{ path: 'notes.txt', action: 'restore' }],
        conflicts: [],
      });
      expect(await notes()).toBe('one\n');
      expect(harness.broadcasts.at(-1)).toMatchObject({ seq: lastSeq + 1, content: { type: 'threadRewound', toEntry: second } });

      const kept = await harness.hub.getEntries(threadId);
      expect(kept).toEqual(entries.slice(0, second));
      // A tab replaying the stored events, and a relay loading the thread afresh, hold the same.
      expect(await replayedEntries(harness.store, threadId)).toEqual(kept);
      const reloaded = new ThreadHub({
        store: harness.store,
        agents: AgentRegistry.builtinOnly(fixture.agent!),
        broadcast: () => undefined,
        log: () => undefined,
      });
      expect(await reloaded.getEntries(threadId)).toEqual(kept);

      await harness.turn(threadId, 'what now');
      const said = JSON.stringify(fixture.server!.requests.at(-1)?.messages);
      expect(said).toContain('create notes');
      expect(said).not.toContain('change notes');
      expect(messageTexts(await harness.hub.getEntries(threadId)).at(-2)).toBe('user: what now');

      // Back to the first message: the file the agent created is gone again.
      expect(await rewindThreadTo(editors, threadId, 0)).toMatchObject({ restoredFiles: [{ path: 'notes.txt', action: 'remove' }] });
      expect(existsSync(path.join(fixture.workspaceRoot, 'notes.txt'))).toBe(false);
      expect(await harness.hub.getEntries(threadId)).toEqual([]);
      expect(await replayedEntries(harness.store, threadId)).toEqual([]);
    });

    it('leaves a file the user changed since, and says so', async () => {
      const { harness, threadId, second } = await twoTurns(database);
      await writeFile(path.join(fixture.workspaceRoot, 'notes.txt'), 'mine\n');
      const result = await rewindThreadTo(harness, threadId, second);
      expect(result.restoredFiles).toEqual([]);
      expect(result.conflicts).toMatchObject([{ path: 'notes.txt', overridable: true }]);
      expect(await notes()).toBe('mine\n');
      expect(await harness.hub.getEntries(threadId)).toHaveLength(second);
    });

    it('can keep the files as they are', async () => {
      const { harness, threadId, second } = await twoTurns(database);
      const result = await rewindThreadTo(harness, threadId, second, { restoreFiles: false });
      expect(result.restoredFiles).toEqual([]);
      expect(await notes()).toBe('two\n');
    });

    it('refuses a point that is not a user message, and a thread whose turn runs', async () => {
      const agent = await fixture.agentWith(scriptedSteps(say('Hello.')));
      harness = await startRewindHarness(fixture.workspaceRoot, () => AgentRegistry.builtinOnly(agent), database);
      const thread = await harness.hub.createThread();
      const editors = harness;
      await expect(rewindThreadTo(editors, thread.id, 0)).rejects.toThrow(/does not exist/);
      await harness.turn(thread.id, 'hi');
      await expect(rewindThreadTo(editors, thread.id, 1)).rejects.toThrow(RewindPointError);
      await expect(forkThreadAt(editors, thread.id, 9)).rejects.toThrow(RewindPointError);
      // A turn is under way from the moment its prompt is stored.
      await harness.hub.prompt(thread.id, 'again');
      await expect(rewindThreadTo(editors, thread.id, 0)).rejects.toThrow(ThreadBusyError);
      await expect(forkThreadAt(editors, thread.id, 0)).rejects.toThrow(ThreadBusyError);
    });
  });

  describe('fork', () => {
    it('copies the entries up to the chosen one into a new thread that continues from there', async () => {
      const { harness, threadId, entries, second } = await twoTurns(database);
      const editors = harness;
      const fork = await forkThreadAt(editors, threadId, second - 1);
      expect(fork.title).toMatch(/\(fork\)$/);
      expect(await harness.hub.getEntries(fork.id)).toEqual(entries.slice(0, second));
      expect(await replayedEntries(harness.store, fork.id)).toEqual(entries.slice(0, second));

      // Mid-turn: the copied events record more than is kept, and are cut back to it.
      const atCall = entries.findIndex((entry) => entry.type === 'toolCall');
      const early = await forkThreadAt(editors, threadId, atCall);
      expect(await harness.hub.getEntries(early.id)).toEqual(entries.slice(0, atCall + 1));
      expect(await replayedEntries(harness.store, early.id)).toEqual(entries.slice(0, atCall + 1));

      await harness.turn(fork.id, 'in the fork');
      const said = JSON.stringify(fixture.server!.requests.at(-1)?.messages);
      expect(said).toContain('create notes');
      expect(said).not.toContain('change notes');
      // The source thread is untouched.
      expect(await harness.hub.getEntries(threadId)).toEqual(entries);
      // The fork keeps the file changes of the calls it holds: rewinding it removes the created file.
      await writeFile(path.join(fixture.workspaceRoot, 'notes.txt'), 'one\n');
      expect(await rewindThreadTo(editors, fork.id, 0)).toMatchObject({ restoredFiles: [{ path: 'notes.txt', action: 'remove' }] });
    });
  });
});
