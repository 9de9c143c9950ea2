/**
 * A relay closed right after a write was approved: `close()` resolves only once the write is over,
 * whole and recorded (the thread says it was made, the rewind keeps it), or never begun and
 * recorded as not run. Nothing lands in the workspace or the data folder after that: no note, no
 * temporary file, no `-wal` or `-shm` of a database opened again.
 */
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectRelayClient, type RelayClient } from '../../e2e/support/relay-client';
import type { SequencedContentReceivedParams } from '../../lib/protocol/thread-events';
import { startScriptedModelServer, type ScriptedModelServer } from '../demo-model/scripted-model-server';
import { databaseTarget } from '../store/database-target';
import { openThreadStore } from '../store/prisma-thread-store';
import { startTestRelay, type TestRelay } from './testing/relay-support';
import { writeNoteScript } from './testing/write-note-script';

let model: ScriptedModelServer;
let relay: TestRelay;
let relayClosed: boolean;
let client: RelayClient;

beforeEach(async () => {
  model = await startScriptedModelServer({
    script: writeNoteScript,
  });
  relay = await startTestRelay({
    env: { NODE_ENV: 'test', ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: model.url, BATON_MODEL: 'scripted' },
  });
  relayClosed = false;
  client = await connectRelayClient({ origin: relay.origin, token: relay.relay.token });
});

afterEach(async () => {
  client.close();
  if (!relayClosed) await relay.relay.close();
  await model.close();
  await rm(workspaceOf(relay), { recursive: true, force: true });
});

/** The test relay's workspace, which holds its data folder. */
const workspaceOf = ({ dataDir }: TestRelay) => path.dirname(dataDir);

/** Every file and folder under the workspace, data folder included, sorted. */
async function listing(): Promise<string[]> {
  return (await readdir(workspaceOf(relay), { recursive: true })).sort();
}

const isAskingRun = ({ content }: SequencedContentReceivedParams) => content.type === 'toolCallRun' && content.manualApproval === true;

describe('a relay closed while an approved write is under way', () => {
  it.each([
    ['its approval is recorded', 'toolCallApproval'],
    ['the call is running', 'toolCallRunning'],
  ] as const)('waits for the write once %s, and nothing lands after close() resolves', async (_moment, closeAfter) => {
    const { chatId } = await client.rpc.request('chat/prompt', { message: 'Write the note', baton: { agent: 'builtin' } });
    await client.until(isAskingRun);
    const asking = client.received.find(isAskingRun)?.content;
    client.rpc.notify('chat/toolCallApprove', { chatId, toolCallId: asking?.type === 'toolCallRun' ? asking.id : '' });
    await client.until(({ content }) => content.type === closeAfter);
    await relay.relay.close();
    relayClosed = true;

    const atClose = await listing();
    expect(atClose.filter((name) => /\.tmp$|-wal$|-shm$|-journal$/.test(name))).toEqual([]);
    const written = atClose.includes('note.md');
    if (written) expect(await readFile(path.join(workspaceOf(relay), 'note.md'), 'utf8')).toBe('hi');

    // The record agrees with the workspace: the call made the note and a rewind can undo it, or
    // the call never began.
    const store = await openThreadStore({ database: databaseTarget({ dataDir: relay.dataDir }) });
    const call = (await store.getEntries(chatId)).find((entry) => entry.type === 'toolCall');
    const changes = await store.history.fileChangesAfter(chatId, 0);
    await store.close();
    expect(call).toMatchObject(
      written
        ? { status: 'succeeded', outputText: expect.stringMatching(/^Created note\.md/) }
        : { status: 'failed', outputText: expect.stringContaining('Interrupted') },
    );
    expect(changes.map((change) => change.path)).toEqual(written ? ['note.md'] : []);

    // A store, once closed, refuses what comes late, as the relay's own does. By the time this
    // one was opened, read, closed and refused, a write the relay left behind would have landed.
    await expect(store.getThread(chatId)).rejects.toMatchObject({ code: 'store-closed' });
    expect(await listing()).toEqual(atClose);
  });
});
