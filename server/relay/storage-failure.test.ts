/**
 * The database fails mid-stream: another process holds SQLite's write lock, or the disk is full
 * (a real tmpfs, too small). The turn ends as failed with the reason and the tab is told, other
 * requests keep answering meanwhile, and the thread works again once the lock is gone or space
 * is freed, with the failure in its history.
 */
import { type ChildProcessWithoutNullStreams, execFileSync, spawn } from 'node:child_process';
import { mkdir, open, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { connectRelayClient, isTurnFinished, type RelayClient } from '../../e2e/support/relay-client';
import { createGate, type Gate } from '../demo-model/testing/gate';
import { startScriptedModelServer, type ScriptedModelServer } from '../demo-model/scripted-model-server';
import { PROJECT_ROOT } from './project-root';
import { startTestRelay, type TestRelay } from './testing/relay-support';

const ANSWER = 'One two three four five six seven eight nine ten.';
const cleanups: Array<() => Promise<void> | void> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Setup {
  relay: TestRelay;
  client: RelayClient;
  model: ScriptedModelServer;
  threadId: string;
  /** Holds each answer after its second piece until opened; a fresh one for every answer. */
  gates: Gate[];
}

/** A relay whose data folder is `dataDir`, a tab on it, and a thread whose first answer is held. */
async function setUp(dataDir: string): Promise<Setup> {
  const gates: Gate[] = [];
  const model = await startScriptedModelServer({
    script: () => {
      const gate = createGate();
      gates.push(gate);
      return { blocks: [{ type: 'text', text: ANSWER }], beforeDelta: (index) => (index === 2 ? gate.promise : undefined) };
    },
  });
  cleanups.push(() => model.close());
  const relay = await startTestRelay({
    dataDir,
    env: { NODE_ENV: 'test', ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: model.url, BATON_MODEL: 'scripted' },
  });
  cleanups.push(() => relay.close());
  const client = await connectRelayClient({ origin: relay.origin, token: relay.relay.token });
  cleanups.push(() => client.close());
  const { threadId } = await client.rpc.request('createThread', null);
  await client.rpc.request('openThread', { threadId });
  await client.rpc.request('chat/prompt', { chatId: threadId, message: 'count' });
  await until(() => gates.length === 1 && client.received.some((params) => params.content.type === 'text' && params.role === 'assistant'));
  return { relay, client, model, threadId, gates };
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}

const turnFailure = (client: RelayClient) =>
  client.received.find(
    (params) => params.role === 'system' && params.content.type === 'text' && params.content.text.includes('**The turn failed:**'),
  );

/** What the tab was told, and whether the turn ended for it, after the failure. */
async function failureTold(client: RelayClient): Promise<string> {
  await client.until((params) => isTurnFinished(params));
  const failure = turnFailure(client);
  return failure?.content.type === 'text' ? failure.content.text : '(no failure shown)';
}

/** The thread answers a new prompt in full, and its history holds the earlier failure. */
async function expectThreadWorksAgain({ client, threadId, gates }: Setup): Promise<void> {
  const finishedBefore = client.received.filter(isTurnFinished).length;
  await client.rpc.request('chat/prompt', { chatId: threadId, message: 'again' });
  await until(() => gates.length === 2);
  gates[1]!.open();
  await until(() => client.received.filter(isTurnFinished).length > finishedBefore);
  const { entries } = await client.rpc.request('getThreadEntries', { threadId });
  const answers = entries.flatMap((entry) =>
    entry.type === 'message' && entry.role === 'assistant' ? [entry.chunks.map((chunk) => chunk.chunk).join('')] : [],
  );
  expect(answers).toEqual([expect.stringContaining('**The turn failed:**'), ANSWER]);
  // The database holds every event the tab was told, the failure included, numbered without a gap.
  const { events } = await client.rpc.request('getThreadEvents', { threadId, afterSeq: 0 });
  expect(events.map((event) => event.seq)).toEqual(events.map((_event, index) => index + 1));
  expect(events.some((event) => event.content.type === 'text' && event.content.text.includes('**The turn failed:**'))).toBe(true);
  expect(events.at(-1)?.content).toMatchObject({ type: 'progress', state: 'finished' });
}

/** A second process that holds SQLite's write lock on the file until released. */
async function holdWriteLock(databaseFile: string): Promise<{ release(): Promise<void> }> {
  const script = `
    const db = new (require('better-sqlite3'))(process.argv[1]);
    db.exec('BEGIN IMMEDIATE');
    process.stdout.write('locked\\n');
    process.stdin.on('end', () => { db.exec('COMMIT'); db.close(); process.exit(0); });
    process.stdin.resume();`;
  const holder: ChildProcessWithoutNullStreams = spawn(process.execPath, ['-e', script, databaseFile], { cwd: PROJECT_ROOT });
  await new Promise<void>((resolve, reject) => {
    holder.stdout.once('data', () => resolve());
    holder.once('exit', (code) => reject(new Error(`the lock holder exited with ${code}`)));
  });
  const exited = new Promise<void>((resolve) => holder.once('exit', () => resolve()));
  const release = async () => {
    holder.stdin.end();
    await exited;
  };
  cleanups.push(release);
  return { release };
}

it('ends the turn as failed when another process holds the database lock, keeps answering, and recovers', async () => {
  const folder = path.join(os.tmpdir(), `baton-locked-${process.pid}-${Date.now()}`);
  cleanups.push(() => rm(folder, { recursive: true, force: true }));
  const setup = await setUp(folder);
  const lock = await holdWriteLock(path.join(folder, 'baton.db'));

  setup.gates[0]!.open();
  expect(await failureTold(setup.client)).toMatch(/database is locked by another process/);
  // Still locked: reads and the thread list answer all the same.
  expect((await setup.client.rpc.request('getThreadEntries', { threadId: setup.threadId })).turnRunning).toBe(false);
  expect(await setup.client.rpc.request('getThreads', null)).toMatchObject({ threads: [{ id: setup.threadId }] });

  await lock.release();
  await expectThreadWorksAgain(setup);
});

it('ends the turn as failed when the disk is full, keeps answering, and recovers once space is freed', async () => {
  const mountPoint = path.join(os.tmpdir(), `baton-full-${process.pid}-${Date.now()}`);
  await mkdir(mountPoint);
  // A real file system that fills up: 8 MiB of tmpfs (the tests run as root).
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=8m', 'tmpfs', mountPoint]);
  cleanups.push(async () => {
    execFileSync('umount', ['-l', mountPoint]);
    await rm(mountPoint, { recursive: true, force: true });
  });
  const setup = await setUp(path.join(mountPoint, 'data'));
  const filler = path.join(mountPoint, 'filler');
  await fillDisk(filler);

  setup.gates[0]!.open();
  expect(await failureTold(setup.client)).toMatch(/disk is full/);
  expect((await setup.client.rpc.request('getThreadEntries', { threadId: setup.threadId })).turnRunning).toBe(false);

  await rm(filler);
  await expectThreadWorksAgain(setup);
});

/** Writes into `file` until the file system has no room left. */
async function fillDisk(file: string): Promise<void> {
  const block = Buffer.alloc(64 * 1024, 1);
  const handle = await open(file, 'w');
  try {
    for (;;) await handle.write(block);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    await handle.close();
  }
}
