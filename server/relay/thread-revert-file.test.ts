/**
 * "Revert this file" (`thread/revertFile`) on a real relay: the built-in agent on the scripted
 * model writes real files in a temporary workspace through Baton, and one file at a time goes back
 * to how it was before the thread, by the rewind's checked restores; the thread keeps its entries.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { connectRelayClient, isTurnFinished, type RelayClient } from '../../e2e/support/relay-client';
import { say, scriptedSteps, useTool } from '../agents/builtin/testing/agent-support';
import { startScriptedModelServer } from '../demo-model/scripted-model-server';
import { startTestRelay, type TestRelay } from './testing/relay-support';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const WRITES_ALLOWED = { tool: 'write_file', decision: 'allow' };

interface Session {
  folder: string;
  relay: TestRelay;
  client: RelayClient;
  threadId: string;
  at(file: string): string;
  /** The same workspace and data folder on a relay started anew with these approval rules. */
  restartWith(rules: unknown[]): Promise<void>;
}

/** A workspace where `notes.md` says "before", and a thread whose one turn rewrote it and created `created.md`. */
async function threadThatWroteTwoFiles(): Promise<Session> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'baton-revert-file-'));
  cleanups.push(() => rm(folder, { recursive: true, force: true }));
  const dataDir = path.join(folder, '.baton');
  await mkdir(dataDir);
  await writeFile(path.join(folder, 'notes.md'), 'before\n');
  const model = await startScriptedModelServer({
    script: scriptedSteps(
      useTool('write_file', { path: 'notes.md', content: 'after\n' }),
      useTool('write_file', { path: 'created.md', content: 'new\n' }),
      say('Both written.'),
    ),
  });
  cleanups.push(() => model.close());
  const writeConfig = (rules: unknown[]) => writeFile(path.join(dataDir, 'config.json'), JSON.stringify({ toolApproval: rules }));
  const start = async () => {
    const relay = await startTestRelay({
      workspaceRoot: folder,
      dataDir,
      env: { NODE_ENV: 'test', ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: model.url },
    });
    const client = await connectRelayClient({ origin: relay.origin, token: relay.relay.token });
    cleanups.push(
      () => relay.relay.close(),
      () => client.close(),
    );
    return { relay, client };
  };
  await writeConfig([WRITES_ALLOWED]);
  const session = { folder, ...(await start()), threadId: '', at: (file: string) => path.join(folder, file) } as Session;
  session.restartWith = async (rules) => {
    session.client.close();
    await session.relay.relay.close();
    await writeConfig(rules);
    Object.assign(session, await start());
  };
  const { threadId } = await session.client.rpc.request('createThread', null);
  session.threadId = threadId;
  await session.client.rpc.request('openThread', { threadId });
  await session.client.rpc.request('chat/prompt', { chatId: threadId, message: 'write two files' });
  await session.client.until(isTurnFinished);
  expect(await readFile(session.at('notes.md'), 'utf8')).toBe('after\n');
  expect(await readFile(session.at('created.md'), 'utf8')).toBe('new\n');
  return session;
}

const revertedState = async ({ client, threadId }: Session) =>
  (await client.rpc.request('thread/changes', { threadId })).files.map((file) => [file.path, file.reverted]);

const auditedOf = async ({ client, threadId }: Session) =>
  (await client.rpc.request('audit/list', { threadId })).actions.map(({ actor, action }) => `${actor.name} ${action}`);

const entriesOf = async ({ client, threadId }: Session) => (await client.rpc.request('getThreadEntries', { threadId })).entries;

it('puts a file the thread rewrote back as it was, and the thread keeps every entry', async () => {
  const session = await threadThatWroteTwoFiles();
  const entries = await entriesOf(session);
  const result = await session.client.rpc.request('thread/revertFile', { threadId: session.threadId, path: 'notes.md' });
  expect(result).toEqual({ outcome: 'reverted', file: { path: 'notes.md', action: 'restore' } });
  expect(await readFile(session.at('notes.md'), 'utf8')).toBe('before\n');
  // Only that file: the other one stays as the thread left it.
  expect(await readFile(session.at('created.md'), 'utf8')).toBe('new\n');
  expect(await entriesOf(session)).toEqual(entries);
  // The Changes panel still lists both, and says which one is now as before the thread.
  expect(await revertedState(session)).toEqual([
    ['created.md', undefined],
    ['notes.md', true],
  ]);
  // The audit list says who put the file back, newest first.
  expect(await auditedOf(session)).toEqual(['owner revertFile', 'owner prompt']);
});

it('forks the thread, and the audit list of the thread forked from says who took the copy', async () => {
  const session = await threadThatWroteTwoFiles();
  const { threadId: fork } = await session.client.rpc.request('thread/fork', { threadId: session.threadId, atEntry: 0 });
  expect(fork).not.toBe(session.threadId);
  expect(await auditedOf(session)).toEqual(['owner fork', 'owner prompt']);
});

it('removes a file the thread created, named by its absolute path inside the workspace', async () => {
  const session = await threadThatWroteTwoFiles();
  const result = await session.client.rpc.request('thread/revertFile', { threadId: session.threadId, path: session.at('created.md') });
  expect(result).toEqual({ outcome: 'reverted', file: { path: 'created.md', action: 'remove' } });
  expect(existsSync(session.at('created.md'))).toBe(false);
  expect(await readFile(session.at('notes.md'), 'utf8')).toBe('after\n');
  expect(await revertedState(session)).toEqual([
    ['created.md', true],
    ['notes.md', undefined],
  ]);
});

it('leaves a file changed since the thread wrote it as a conflict until the user chooses to overwrite it', async () => {
  const session = await threadThatWroteTwoFiles();
  await writeFile(session.at('notes.md'), 'the user’s own edit\n');
  const asked = await session.client.rpc.request('thread/revertFile', { threadId: session.threadId, path: 'notes.md' });
  expect(asked).toEqual({
    outcome: 'conflict',
    conflict: {
      path: 'notes.md',
      action: 'restore',
      overridable: true,
      reason: "notes.md changed after the agent's change; restoring it would lose that.",
    },
  });
  expect(await readFile(session.at('notes.md'), 'utf8')).toBe('the user’s own edit\n');
  expect(await revertedState(session)).toEqual([
    ['created.md', undefined],
    ['notes.md', undefined],
  ]);
  // A conflict left the file as it was: no action of the user's is recorded.
  expect(await auditedOf(session)).toEqual(['owner prompt']);

  const confirmed = await session.client.rpc.request('thread/revertFile', {
    threadId: session.threadId,
    path: 'notes.md',
    overwriteConflict: true,
  });
  expect(confirmed).toEqual({ outcome: 'reverted', file: { path: 'notes.md', action: 'restore' } });
  expect(await readFile(session.at('notes.md'), 'utf8')).toBe('before\n');
});

it('refuses a file the config now denies writing, even when told to overwrite, naming the rule', async () => {
  const session = await threadThatWroteTwoFiles();
  await session.restartWith([WRITES_ALLOWED, { action: 'write', path: { equals: 'notes.md' }, decision: 'deny' }]);
  const refused = {
    outcome: 'conflict',
    conflict: {
      path: 'notes.md',
      action: 'restore',
      overridable: false,
      reason: 'refused by your config (deny write when path equals "notes.md").',
    },
  };
  expect(await session.client.rpc.request('thread/revertFile', { threadId: session.threadId, path: 'notes.md' })).toEqual(refused);
  expect(
    await session.client.rpc.request('thread/revertFile', { threadId: session.threadId, path: 'notes.md', overwriteConflict: true }),
  ).toEqual(refused);
  expect(await readFile(session.at('notes.md'), 'utf8')).toBe('after\n');
});

it('refuses a path outside the workspace, no path, and a file the thread never changed, changing nothing', async () => {
  const session = await threadThatWroteTwoFiles();
  const outside = path.join(path.dirname(session.folder), `${path.basename(session.folder)}-sibling`, 'notes.md');
  await expect(session.client.rpc.request('thread/revertFile', { threadId: session.threadId, path: '../notes.md' })).rejects.toMatchObject({
    code: -32004,
    message: 'The path ../notes.md is outside the workspace; only files inside it can be used.',
  });
  await expect(session.client.rpc.request('thread/revertFile', { threadId: session.threadId, path: outside })).rejects.toMatchObject({
    code: -32004,
    message: expect.stringContaining('is outside the workspace'),
  });
  await expect(session.client.rpc.request('thread/revertFile', { threadId: session.threadId, path: '' })).rejects.toMatchObject({
    code: -32602,
    message: 'Invalid params for thread/revertFile',
    data: [expect.objectContaining({ path: ['path'], message: 'name the file to revert' })],
  });
  await writeFile(session.at('untouched.md'), 'mine\n');
  await expect(session.client.rpc.request('thread/revertFile', { threadId: session.threadId, path: 'untouched.md' })).rejects.toMatchObject(
    {
      code: -32602,
      message: expect.stringContaining('This thread did not change untouched.md'),
    },
  );
  expect(await readFile(session.at('untouched.md'), 'utf8')).toBe('mine\n');
  expect(await readFile(session.at('notes.md'), 'utf8')).toBe('after\n');
});

it('refuses an unknown thread, and a thread other than the one the tab shows', async () => {
  const session = await threadThatWroteTwoFiles();
  await expect(session.client.rpc.request('thread/revertFile', { threadId: 'no-such-thread', path: 'notes.md' })).rejects.toMatchObject({
    code: -32602,
    message: expect.stringContaining(`This tab shows thread ${session.threadId}, not no-such-thread`),
  });
  // A script that opened no thread is not held to one: the thread itself is then looked up.
  const script = await connectRelayClient({ origin: session.relay.origin, token: session.relay.relay.token });
  cleanups.push(() => script.close());
  await expect(script.rpc.request('thread/revertFile', { threadId: 'no-such-thread', path: 'notes.md' })).rejects.toMatchObject({
    code: -32001,
  });
  expect(await readFile(session.at('notes.md'), 'utf8')).toBe('after\n');
});
