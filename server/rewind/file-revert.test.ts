/**
 * "Revert this file" for an agent that writes files itself (the fake Autohand, a real child
 * process): Baton never saw the write, so the file comes back from the turn's workspace checkpoint,
 * judged as a rewind's restores are; the thread keeps every entry.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { useAutohandFixture } from '../agents/autohand/testing/autohand-support';
import { Workspace } from '../workspace/workspace';
import { AGENT_NOTES, readNotes, startAutohandRewindHarness, USER_NOTES } from './testing/autohand-rewind-support';
import { revertThreadFile } from './file-revert';
import type { RewindHarness } from './testing/rewind-support';

const fixture = useAutohandFixture();
let harness: RewindHarness | undefined;

afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

it('puts back a file the agent wrote itself from its turn checkpoint, asking first when it changed since', async () => {
  harness = await startAutohandRewindHarness(fixture);
  const thread = await harness.hub.createThread('hand');
  await harness.turn(thread.id, 'please write the notes');
  expect(await readNotes(fixture)).toBe(AGENT_NOTES);
  const entries = await harness.hub.getEntries(thread.id);
  const workspace = new Workspace(fixture.workspaceRoot, { protectedFolders: [path.join(fixture.workspaceRoot, '.baton')] });
  const deps = {
    workspace,
    fileHistory: harness.rewind.fileHistory,
    checkpoints: harness.rewind.checkpoints,
    guard: harness.rewind.restoreGuard,
  };

  await writeFile(path.join(fixture.workspaceRoot, 'notes.txt'), 'edited by hand\n');
  expect(await revertThreadFile(deps, thread.id, 'notes.txt')).toEqual({
    outcome: 'conflict',
    conflict: {
      path: 'notes.txt',
      action: 'restore',
      overridable: true,
      reason: "notes.txt changed after the agent's turn; restoring it would lose that.",
    },
  });
  expect(await readNotes(fixture)).toBe('edited by hand\n');

  expect(await revertThreadFile(deps, thread.id, 'notes.txt', { overwriteConflict: true })).toEqual({
    outcome: 'reverted',
    file: { path: 'notes.txt', action: 'restore' },
  });
  expect(await readNotes(fixture)).toBe(USER_NOTES);
  expect(await harness.hub.getEntries(thread.id)).toEqual(entries);
});
