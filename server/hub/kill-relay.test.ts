/**
 * A relay killed outright (SIGKILL: no handler runs, nothing is flushed) mid-answer loses no piece
 * a tab was told: each was committed before it was broadcast, whether the write-ahead log had been
 * checkpointed or not. The answer streams one piece per commit, past the point where its entry is
 * first rewritten (ENTRY_MIN_PIECES), and a relay started again shows every piece.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { AgentRegistry } from '../agents/agent-registry';
import { openThreadStore } from '../store/prisma-thread-store';
import type { ThreadStore } from '../store/thread-store';
import { ThreadHub } from './thread-hub';
import { ENTRY_MIN_PIECES } from './recording-limits';

const RELAY = fileURLToPath(new URL('./testing/stepped-stream-relay-child.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

let folder: string;
let store: ThreadStore | undefined;

beforeEach(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'baton-kill-relay-'));
});

afterEach(async () => {
  await store?.close();
  await rm(folder, { recursive: true, force: true });
});

it('keeps every piece a tab was told when the relay is SIGKILLed mid-answer', async () => {
  const databaseFile = path.join(folder, 'baton.db');
  const relay = spawn(process.execPath, ['--import', 'tsx', RELAY, databaseFile], { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise<NodeJS.Signals | null>((resolve) => relay.once('exit', (_code, signal) => resolve(signal)));
  const told: Array<{ seq: number; text: string }> = [];
  let threadId: string | undefined;
  const wanted = ENTRY_MIN_PIECES + 100;
  for await (const line of createInterface({ input: relay.stdout })) {
    const message = JSON.parse(line) as { threadId?: string; seq?: number; text?: string };
    if (message.threadId !== undefined) threadId = message.threadId;
    else told.push({ seq: message.seq!, text: message.text! });
    // The next piece only once the last was told: each is a commit of its own.
    if (told.length === wanted) break;
    relay.stdin.write('\n');
  }
  relay.kill('SIGKILL');
  expect(await exited).toBe('SIGKILL');

  store = await openThreadStore({ databaseFile });
  const stored = (await store.getEventsAfter(threadId!, 0)).filter((event) => event.role === 'assistant');
  expect(stored.map((event) => ({ seq: event.seq, text: event.content.type === 'text' ? event.content.text : '' }))).toEqual(told);
  const restarted = new ThreadHub({
    store,
    agents: AgentRegistry.builtinOnly({
      info: { name: 'None', model: 'test', offlineDemo: false },
      runTurn: async () => undefined,
      close: async () => undefined,
    }),
    broadcast: () => undefined,
    log: () => undefined,
  });
  const answer = (await restarted.getSnapshot(threadId!)).entries.find((entry) => entry.type === 'message' && entry.role === 'assistant');
  expect(answer?.type === 'message' ? answer.chunks.map((chunk) => chunk.chunk).join('') : '').toContain(
    told.map((piece) => piece.text).join(''),
  );
  await restarted.close();
});
