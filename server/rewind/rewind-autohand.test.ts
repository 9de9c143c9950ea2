/**
 * Rewind with an agent that writes files itself (the fake Autohand, a real child process, writes
 * notes.txt on its own once allowed): Baton never sees the write, and the workspace checkpoint
 * taken at the start of the turn puts the file back. On both databases.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { useAutohandFixture } from '../agents/autohand/testing/autohand-support';
import { DATABASE_KINDS } from '../store/testing/databases';
import { AGENT_NOTES, readNotes, startAutohandRewindHarness, USER_NOTES } from './testing/autohand-rewind-support';
import type { RewindHarness } from './testing/rewind-support';
import { previewThreadRewind, rewindThreadTo } from './thread-history-edits';

const fixture = useAutohandFixture();
let harness: RewindHarness | undefined;

afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const notes = () => readNotes(fixture);

describe.each(DATABASE_KINDS)('rewind with Autohand, on %s', (database) => {
  it('puts back the file the agent wrote itself, from the checkpoint of the removed turn', async () => {
    harness = await startAutohandRewindHarness(fixture, database);
    const thread = await harness.hub.createThread('hand');
    await harness.turn(thread.id, 'hello');
    await harness.turn(thread.id, 'please write the notes');
    expect(await notes()).toBe(AGENT_NOTES);
    await harness.turn(thread.id, 'thanks');

    const entries = await harness.hub.getEntries(thread.id);
    const writing = entries.findIndex(
      (entry) => entry.type === 'message' && entry.role === 'user' && entry.chunks[0]?.chunk === 'please write the notes',
    );
    const thanks = entries.findIndex((entry) => entry.type === 'message' && entry.role === 'user' && entry.chunks[0]?.chunk === 'thanks');
    const editors = harness;
    // The last turn changed nothing; the one before wrote notes.txt.
    expect(await previewThreadRewind(editors, thread.id, thanks)).toMatchObject({ files: [], conflicts: [] });
    expect(await previewThreadRewind(editors, thread.id, writing)).toMatchObject({
      files: [{ path: 'notes.txt', action: 'restore' }],
      conflicts: [],
    });

    expect(await rewindThreadTo(editors, thread.id, writing)).toMatchObject({
      restoredFiles: [{ path: 'notes.txt', action: 'restore' }],
      conflicts: [],
    });
    expect(await notes()).toBe(USER_NOTES);
    // The removed turns' checkpoints went with them: rewinding further finds nothing more to restore.
    expect(await previewThreadRewind(editors, thread.id, 0)).toMatchObject({ files: [], conflicts: [] });
  });
});
