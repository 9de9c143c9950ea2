/**
 * Rewind with an agent that writes files itself (the fake Autohand, a real child process, writes
 * notes.txt on its own once allowed): Baton never sees the write, and the workspace checkpoint
 * taken at the start of the turn puts the file back. On both databases.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentBackend } from '../agents/agent-backend';
import { AgentRegistry } from '../agents/agent-registry';
import type { AgentEntry } from '../agents/agents-config';
import { FAKE_AUTOHAND, FLAVOR_ARGS, useAutohandFixture } from '../agents/autohand/autohand-test-support';
import { DATABASE_KINDS } from '../store/test-databases';
import { type RewindHarness, startRewindHarness } from './rewind-test-support';
import { previewThreadRewind, rewindThreadTo } from './thread-history-edits';

const fixture = useAutohandFixture();
let harness: RewindHarness | undefined;

afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const unusedBuiltin: AgentBackend = {
  info: { name: 'Built-in agent', model: 'none', offlineDemo: false },
  runTurn: () => Promise.reject(new Error('this test talks to Autohand only')),
  close: () => Promise.resolve(),
};

const TSX = import.meta.resolve('tsx');
const notes = () => readFile(path.join(fixture.workspaceRoot, 'notes.txt'), 'utf8');

describe.each(DATABASE_KINDS)('rewind with Autohand, on %s', (database) => {
  it('puts back the file the agent wrote itself, from the checkpoint of the removed turn', async () => {
    await writeFile(path.join(fixture.workspaceRoot, 'notes.txt'), 'my own notes\n');
    const autohand = { kind: 'autohand' as const, command: process.execPath, args: ['--import', TSX, FAKE_AUTOHAND, ...FLAVOR_ARGS.reference], env: {}, passEnv: [] };
    harness = await startRewindHarness(
      fixture.workspaceRoot,
      () =>
        new AgentRegistry({
          entries: new Map<string, AgentEntry>([['builtin', { kind: 'builtin' }], ['hand', autohand]]),
          defaultAgent: 'hand',
          builtin: unusedBuiltin,
          context: { workspace: undefined as never, env: {}, policy: undefined as never, log: () => undefined },
          factories: { autohand: () => fixture.agent({ flavor: 'reference' }) },
        }),
      database,
    );
    const thread = await harness.hub.createThread('hand');
    await harness.turn(thread.id, 'hello');
    await harness.turn(thread.id, 'please write the notes');
    expect(await notes()).toBe('Notes written by the fake Autohand.\n');
    await harness.turn(thread.id, 'thanks');

    const entries = await harness.hub.getEntries(thread.id);
    const writing = entries.findIndex((entry) => entry.type === 'message' && entry.role === 'user' && entry.chunks[0]?.chunk === 'please write the notes');
    const thanks = entries.findIndex((entry) => entry.type === 'message' && entry.role === 'user' && entry.chunks[0]?.chunk === 'thanks');
    const editors = { hub: harness.hub, store: harness.store };
    // The last turn changed nothing; the one before wrote notes.txt.
    expect(await previewThreadRewind(editors, thread.id, thanks)).toMatchObject({ files: [], conflicts: [] });
    expect(await previewThreadRewind(editors, thread.id, writing)).toMatchObject({ files: [{ path: 'notes.txt', action: 'restore' }], conflicts: [] });

    expect(await rewindThreadTo(editors, thread.id, writing)).toMatchObject({ restoredFiles: [{ path: 'notes.txt', action: 'restore' }], conflicts: [] });
    expect(await notes()).toBe('my own notes\n');
    // The removed turns' checkpoints went with them: rewinding further finds nothing more to restore.
    expect(await previewThreadRewind(editors, thread.id, 0)).toMatchObject({ files: [], conflicts: [] });
  });
});
