/**
 * The life of an agent's workspace checkpoints through the hub, with the fake Autohand (a real
 * child process that writes notes.txt itself) and the real git: a fork rewinds its kept turns with
 * their files, even once the source thread is deleted for good; a thread deleted with an undo
 * keeps its checkpoints until the undo window is over; a rewind drops the removed turns' refs; the
 * cap leaves older turns too old to restore, and the rewind says so.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useAutohandFixture } from '../agents/autohand/testing/autohand-support';
import { ThreadDirectory } from '../hub/thread-directory';
import { ThreadListEvents } from '../hub/thread-list-events';
import { AGENT_NOTES, readNotes, startAutohandRewindHarness, USER_NOTES } from './testing/autohand-rewind-support';
import type { RewindHarness } from './testing/rewind-support';
import { forkThreadAt, previewThreadRewind, rewindThreadTo } from './thread-history-edits';

const fixture = useAutohandFixture();
let harness: RewindHarness | undefined;

afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const notes = () => readNotes(fixture);
const refs = () =>
  execFileSync(
    'git',
    ['--git-dir', path.join(fixture.workspaceRoot, '.baton', 'workspace-checkpoints.git'), 'for-each-ref', '--format=%(refname)'],
    {
      encoding: 'utf8',
    },
  )
    .split('\n')
    .filter(Boolean);
const refsOf = (threadId: string) => refs().filter((ref) => ref.startsWith(`refs/baton/${threadId}/`));

async function start(keepTurns?: number) {
  harness = await startAutohandRewindHarness(fixture, 'sqlite', { keepTurns });
  const thread = await harness.hub.createThread('hand');
  await harness.turn(thread.id, 'please write the notes');
  await harness.turn(thread.id, 'thanks');
  const entries = await harness.hub.getEntries(thread.id);
  const thanks = entries.findIndex((entry) => entry.type === 'message' && entry.role === 'user' && entry.chunks[0]?.chunk === 'thanks');
  return { harness, threadId: thread.id, thanks, editors: harness };
}

describe('workspace checkpoints through the life of a thread', () => {
  it('a fork rewinds its kept turns with their files, after the source is deleted for good', async () => {
    const { harness, threadId, thanks, editors } = await start();
    expect(await notes()).toBe(AGENT_NOTES);
    // The fork keeps the first turn only.
    const fork = await forkThreadAt(editors, threadId, thanks - 1);
    expect(refsOf(fork.id)).toEqual([`refs/baton/${fork.id}/0/end`, `refs/baton/${fork.id}/0/start`]);

    const directory = new ThreadDirectory({
      store: harness.store,
      hub: harness.hub,
      events: new ThreadListEvents(
        harness.store,
        () => undefined,
        () => undefined,
      ),
      log: () => undefined,
    });
    await directory.delete(threadId);
    // Deleted with an undo: the checkpoints stay until the deletion is final.
    expect(refsOf(threadId)).toHaveLength(4);
    expect(await directory.purge(new Date(Date.now() + 10 * 60_000))).toEqual([threadId]);
    directory.close();
    expect(refsOf(threadId)).toEqual([]);

    expect(await previewThreadRewind(editors, fork.id, 0)).toMatchObject({
      files: [{ path: 'notes.txt', action: 'restore' }],
      conflicts: [],
    });
    expect(await rewindThreadTo(editors, fork.id, 0)).toMatchObject({
      restoredFiles: [{ path: 'notes.txt', action: 'restore' }],
      conflicts: [],
    });
    expect(await notes()).toBe(USER_NOTES);
    expect(refsOf(fork.id)).toEqual([]);
  });

  it("a rewind drops the removed turns' refs, and a delete without undo drops the rest", async () => {
    const { harness, threadId, thanks, editors } = await start();
    expect(refsOf(threadId)).toEqual([
      `refs/baton/${threadId}/0/end`,
      `refs/baton/${threadId}/0/start`,
      `refs/baton/${threadId}/${thanks}/end`,
      `refs/baton/${threadId}/${thanks}/start`,
    ]);
    await rewindThreadTo(editors, threadId, thanks);
    expect(refsOf(threadId)).toEqual([`refs/baton/${threadId}/0/end`, `refs/baton/${threadId}/0/start`]);
    await harness.hub.deleteThread(threadId);
    expect(refs()).toEqual([]);
  });

  it('keeps the last turns only: a rewind past them says their files are too old to restore', async () => {
    const { threadId, thanks, editors } = await start(1);
    // The first turn's checkpoints went for the cap, and a mark says so.
    expect(refsOf(threadId)).toEqual([
      `refs/baton/${threadId}/${thanks}/end`,
      `refs/baton/${threadId}/${thanks}/start`,
      `refs/baton/${threadId}/pruned/0`,
    ]);
    expect(await previewThreadRewind(editors, threadId, thanks)).toEqual({ removedEntries: expect.any(Number), files: [], conflicts: [] });
    expect(await previewThreadRewind(editors, threadId, 0)).toMatchObject({ files: [], conflicts: [], tooOldToRestore: true });
    expect(await rewindThreadTo(editors, threadId, 0)).toMatchObject({ restoredFiles: [], conflicts: [], tooOldToRestore: true });
    expect(await notes()).toBe(AGENT_NOTES);
    expect(refsOf(threadId)).toEqual([]);
  });
});
