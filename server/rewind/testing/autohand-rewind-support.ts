/**
 * Test support: a rewind harness whose threads talk to the fake Autohand, a real child process
 * that writes notes.txt itself once allowed, so Baton never sees the write and only a workspace
 * checkpoint can put the file back. notes.txt starts as the user's own.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AgentBackend } from '../../agents/agent-backend';
import { AgentRegistry } from '../../agents/agent-registry';
import type { AgentEntry } from '../../agents/agents-config';
import { type AutohandFixture, FAKE_AUTOHAND, FLAVOR_ARGS } from '../../agents/autohand/testing/autohand-support';
import type { DatabaseKind } from '../../store/testing/databases';
import { type RewindHarness, startRewindHarness } from './rewind-support';

export const USER_NOTES = 'my own notes\n';
export const AGENT_NOTES = 'Notes written by the fake Autohand.\n';

const TSX = import.meta.resolve('tsx');

const unusedBuiltin: AgentBackend = {
  info: { name: 'Built-in agent', model: 'none', offlineDemo: false },
  runTurn: () => Promise.reject(new Error('this test talks to Autohand only')),
  close: () => Promise.resolve(),
};

/** The agent named `hand` is the default; `checkpoints` as in `startRewindHarness`. */
export async function startAutohandRewindHarness(
  fixture: AutohandFixture,
  database: DatabaseKind = 'sqlite',
  checkpoints: Parameters<typeof startRewindHarness>[3] = {},
): Promise<RewindHarness> {
  await writeFile(notesPath(fixture), USER_NOTES);
  const autohand = {
    kind: 'autohand' as const,
    command: process.execPath,
    args: ['--import', TSX, FAKE_AUTOHAND, ...FLAVOR_ARGS.reference],
    env: {},
    passEnv: [],
  };
  return startRewindHarness(
    fixture.workspaceRoot,
    () =>
      new AgentRegistry({
        entries: new Map<string, AgentEntry>([
          ['builtin', { kind: 'builtin' }],
          ['hand', autohand],
        ]),
        defaultAgent: 'hand',
        builtin: unusedBuiltin,
        context: { workspace: undefined as never, env: {}, policy: undefined as never, log: () => undefined },
        factories: { autohand: () => fixture.agent({ flavor: 'reference' }) },
      }),
    database,
    checkpoints,
  );
}

/** What notes.txt in the fixture's workspace holds now. */
export function readNotes(fixture: AutohandFixture): Promise<string> {
  return readFile(notesPath(fixture), 'utf8');
}

function notesPath(fixture: AutohandFixture): string {
  return path.join(fixture.workspaceRoot, 'notes.txt');
}
