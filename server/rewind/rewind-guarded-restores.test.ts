/**
 * A rewind's restores are writes, judged when they are made: the real built-in agent on the
 * scripted model changes files through Baton, the workspace (a real git repository) is changed
 * behind its back, and "Rewind to here" then leaves each file it may not restore as a conflict
 * with its reason while the rest of the rewind goes on.
 */
import { existsSync } from 'node:fs';
import { chmod, lstat, mkdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AgentRegistry } from '../agents/agent-registry';
import { say, scriptedSteps, useAgentFixture, useTool } from '../agents/builtin/testing/agent-support';
import { ApprovalPolicy } from '../guard/approval-policy';
import { commitInRepository, HOOK_MARKER, initRepository, MARKING_HOOK, snapshotFolder } from '../workspace/testing/git-repository-support';
import { policyRestoreGuard } from './policy-restore-guard';
import type { RestoreGuard } from './restore-writes';
import { type RewindHarness, startRewindHarness } from './testing/rewind-support';
import { forkThreadAt, previewThreadRewind, rewindThreadTo } from './thread-history-edits';

const fixture = useAgentFixture({ prefix: 'baton-guarded-rewind-' });
let harness: RewindHarness | undefined;

afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

/** What the agent writes over the user's hook script: a hook that does nothing. */
const AGENT_HOOK = '#!/bin/sh\nexit 0\n';
const at = (relative: string) => path.join(fixture.workspaceRoot, relative);

/**
 * A repository whose `hooks/pre-commit` is the user's script (kept in the project, not installed:
 * it would leave the marker), and a thread whose one turn had the agent write `writes` (path to
 * content). Resolves to the editors and the thread.
 */
async function threadThatWrote(writes: Record<string, string>, guard?: RestoreGuard) {
  initRepository(fixture.workspaceRoot);
  await mkdir(at('hooks'));
  await writeFile(at('hooks/pre-commit'), MARKING_HOOK);
  const calls = Object.entries(writes).map(([file, content]) => useTool('write_file', { path: file, content }));
  const agent = await fixture.agentWith(scriptedSteps(...calls, say('Done writing.')));
  harness = await startRewindHarness(fixture.workspaceRoot, () => AgentRegistry.builtinOnly(agent), 'sqlite', {}, guard);
  const thread = await harness.hub.createThread();
  await harness.turn(thread.id, 'tidy the project');
  for (const [file, content] of Object.entries(writes)) expect(await readFile(at(file), 'utf8')).toBe(content);
  return { editors: harness, threadId: thread.id };
}

/** What a hostile process does behind the thread's back: the folder becomes a link to `.git/hooks`. */
async function swapHooksForGitHooks({ plantAgentHook }: { plantAgentHook: boolean }): Promise<void> {
  if (plantAgentHook) {
    // The file as the agent left it, now an installed hook: the rewind sees "unchanged since".
    await rename(at('hooks/pre-commit'), at('.git/hooks/pre-commit'));
    await chmod(at('.git/hooks/pre-commit'), 0o755);
  }
  await rm(at('hooks'), { recursive: true });
  await symlink(path.join('.git', 'hooks'), at('hooks'));
}

const hookConflict = {
  path: 'hooks/pre-commit',
  action: 'restore',
  overridable: false,
  reason:
    'hooks is a symbolic link into .git, where a rewind never writes (a hook or config written there would run with the next git command).',
};

describe('a rewind through a folder swapped for a link to .git/hooks', () => {
  it('writes nothing there, names the file as a conflict, and the next git commit runs no restored hook', async () => {
    const { editors, threadId } = await threadThatWrote({ 'hooks/pre-commit': AGENT_HOOK });
    await swapHooksForGitHooks({ plantAgentHook: true });
    const gitFolder = await snapshotFolder(at('.git'));

    expect(await previewThreadRewind(editors, threadId, 0)).toMatchObject({ files: [], conflicts: [hookConflict] });
    // Even when the user chooses to overwrite what changed since.
    expect(await rewindThreadTo(editors, threadId, 0, { overwriteConflicts: true })).toMatchObject({
      restoredFiles: [],
      conflicts: [hookConflict],
    });
    expect(await snapshotFolder(at('.git'))).toEqual(gitFolder);
    commitInRepository(fixture.workspaceRoot);
    expect(existsSync(at(HOOK_MARKER))).toBe(false);
  });

  it('makes no new file in .git/hooks when the user overwrites a file that looks deleted', async () => {
    const { editors, threadId } = await threadThatWrote({ 'hooks/pre-commit': AGENT_HOOK, 'notes.txt': 'agent notes\n' });
    await swapHooksForGitHooks({ plantAgentHook: false });
    const hooks = await snapshotFolder(at('.git/hooks'));

    const result = await rewindThreadTo(editors, threadId, 0, { overwriteConflicts: true });
    // The rest of the rewind goes on: the file the agent created is removed.
    expect(result).toMatchObject({ restoredFiles: [{ path: 'notes.txt', action: 'remove' }], conflicts: [hookConflict] });
    expect(existsSync(at('notes.txt'))).toBe(false);
    expect(await snapshotFolder(at('.git/hooks'))).toEqual(hooks);
    commitInRepository(fixture.workspaceRoot);
    expect(existsSync(at(HOOK_MARKER))).toBe(false);
  });

  it('is refused in a fork too, which keeps the file changes of the turns it holds', async () => {
    const { editors, threadId } = await threadThatWrote({ 'hooks/pre-commit': AGENT_HOOK });
    const entries = await editors.hub.getEntries(threadId);
    const fork = await forkThreadAt(editors, threadId, entries.length - 1);
    await swapHooksForGitHooks({ plantAgentHook: true });
    const gitFolder = await snapshotFolder(at('.git'));

    expect(await rewindThreadTo(editors, fork.id, 0, { overwriteConflicts: true })).toMatchObject({
      restoredFiles: [],
      conflicts: [hookConflict],
    });
    expect(await snapshotFolder(at('.git'))).toEqual(gitFolder);
  });
});

describe('a rewind', () => {
  it("leaves Baton's data folder as it is when a folder the thread changed became a link to it", async () => {
    const { editors, threadId } = await threadThatWrote({ 'settings/config.json': '{"agent":true}\n' });
    await writeFile(at('.baton/config.json'), '{"toolApproval":[]}\n');
    await rm(at('settings'), { recursive: true });
    await symlink('.baton', at('settings'));

    expect(await rewindThreadTo(editors, threadId, 0, { overwriteConflicts: true })).toMatchObject({
      restoredFiles: [],
      conflicts: [
        {
          path: 'settings/config.json',
          action: 'remove',
          overridable: false,
          reason: expect.stringContaining("settings is a symbolic link into Baton's own data folder"),
        },
      ],
    });
    expect(await readFile(at('.baton/config.json'), 'utf8')).toBe('{"toolApproval":[]}\n');
  });

  it('leaves a file that became a FIFO as it is, without opening it, and says so before it starts', async () => {
    const { editors, threadId } = await threadThatWrote({ 'hooks/pre-commit': AGENT_HOOK, 'made.txt': 'made\n' });
    for (const file of ['hooks/pre-commit', 'made.txt']) {
      await rm(at(file));
      execFileSync('mkfifo', [at(file)]);
    }
    const fifo = (file: string, action: string) => ({
      path: file,
      action,
      overridable: false,
      reason: `${file} is a FIFO (named pipe) now; a rewind replaces only regular files, so it was left as it is.`,
    });
    const conflicts = expect.arrayContaining([fifo('hooks/pre-commit', 'restore'), fifo('made.txt', 'remove')]);

    expect(await previewThreadRewind(editors, threadId, 0)).toMatchObject({ files: [], conflicts });
    expect(await rewindThreadTo(editors, threadId, 0, { overwriteConflicts: true })).toMatchObject({ restoredFiles: [], conflicts });
    expect((await lstat(at('hooks/pre-commit'))).isFIFO()).toBe(true);
    expect((await lstat(at('made.txt'))).isFIFO()).toBe(true);
  });

  it('leaves a file a deny rule of the config guards as a conflict, and restores the rest', async () => {
    const policy = new ApprovalPolicy([{ tool: 'write_file', decision: 'deny', when: { argument: 'path', startsWith: 'secret/' } }]);
    // The rule came after the agent's change (the config was edited and the relay restarted).
    await mkdir(at('secret'));
    await writeFile(at('secret/key.txt'), 'the user key\n');
    const { editors, threadId } = await threadThatWrote(
      { 'secret/key.txt': 'agent key\n', 'notes.txt': 'agent notes\n' },
      policyRestoreGuard(policy),
    );
    const refused = {
      path: 'secret/key.txt',
      action: 'restore',
      overridable: false,
      reason: 'refused by your config (deny write_file when path starts with "secret/").',
    };

    expect(await previewThreadRewind(editors, threadId, 0)).toMatchObject({
      files: [{ path: 'notes.txt', action: 'remove' }],
      conflicts: [refused],
    });
    expect(await rewindThreadTo(editors, threadId, 0, { overwriteConflicts: true })).toMatchObject({
      restoredFiles: [{ path: 'notes.txt', action: 'remove' }],
      conflicts: [refused],
    });
    expect(await readFile(at('secret/key.txt'), 'utf8')).toBe('agent key\n');
    expect(existsSync(at('notes.txt'))).toBe(false);
  });
});
