/**
 * Rewind with an external agent (the fake ACP agent on the real ACP SDK): the file it wrote through
 * Baton's fs/write_text_file goes back, and since ACP cannot cut a session at a message, the next
 * turn starts a new session primed with the kept history. A fork's first turn does the same.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentBackend } from '../agents/agent-backend';
import { AgentRegistry } from '../agents/agent-registry';
import { type AcpHarness, startAcpHarness } from '../agents/acp/testing/acp-support';
import { messageTexts, type RewindHarness, startRewindHarness } from './testing/rewind-support';
import { forkThreadAt, rewindThreadTo } from './thread-history-edits';

let acp: AcpHarness | undefined;
let harness: RewindHarness | undefined;

afterEach(async () => {
  await harness?.close();
  await acp?.cleanUp();
  harness = acp = undefined;
});

const unusedBuiltin: AgentBackend = {
  info: { name: 'Built-in agent', model: 'none', offlineDemo: false },
  runTurn: () => Promise.reject(new Error('this test talks to the ACP agent only')),
  close: () => Promise.resolve(),
};

async function startFakeAcpHarness(): Promise<RewindHarness> {
  acp = await startAcpHarness();
  const agent = acp.agent;
  return startRewindHarness(
    acp.root,
    () =>
      new AgentRegistry({
        entries: new Map([
          ['builtin', { kind: 'builtin' }],
          ['fake', { kind: 'acp', command: 'fake', args: [], env: {}, passEnv: [] }],
        ]),
        defaultAgent: 'fake',
        builtin: unusedBuiltin,
        context: { workspace: undefined as never, env: {}, policy: undefined as never, log: () => undefined },
        factories: { acp: () => agent },
      }),
  );
}

describe('rewind with an ACP agent', () => {
  it('forks at an answer into a thread whose first turn primes a new session, the source keeping its own', async () => {
    harness = await startFakeAcpHarness();
    const thread = await harness.hub.createThread('fake');
    await harness.turn(thread.id, 'first message');
    await harness.turn(thread.id, 'second message');
    const sourceSession = (await harness.store.getThread(thread.id))?.agentSessionId;
    expect(sourceSession).toBeDefined();
    const entries = await harness.hub.getEntries(thread.id);
    const firstAnswer = entries.findIndex((entry) => entry.type === 'message' && entry.role === 'assistant');

    const fork = await forkThreadAt(harness, thread.id, firstAnswer);
    expect(fork.agent).toBe('fake');
    expect((await harness.store.getThread(fork.id))?.agentSessionId).toBeUndefined();
    await harness.turn(fork.id, 'in the fork');
    const texts = messageTexts(await harness.hub.getEntries(fork.id));
    expect(texts.at(-1)).toContain('Fake agent heard: You are continuing a conversation');
    expect(texts.join('\n')).toContain('first message');
    expect(texts.join('\n')).not.toContain('second message');
    expect((await harness.store.getThread(thread.id))?.agentSessionId).toBe(sourceSession);
  });

  it('restores what it wrote through Baton and primes a new session with the kept history', async () => {
    harness = await startFakeAcpHarness();
    const root = acp!.root;
    const thread = await harness.hub.createThread('fake');
    await harness.turn(thread.id, 'please write');
    expect(existsSync(path.join(root, 'notes.txt'))).toBe(true);
    await harness.turn(thread.id, 'second message');
    const entries = await harness.hub.getEntries(thread.id);
    const second = entries.findIndex(
      (entry) => entry.type === 'message' && entry.role === 'user' && entry.chunks[0]?.chunk === 'second message',
    );

    const editors = harness;
    expect(await rewindThreadTo(editors, thread.id, second)).toMatchObject({ restoredFiles: [], conflicts: [] });
    expect((await harness.store.getThread(thread.id))?.agentSessionId).toBeUndefined();

    await harness.turn(thread.id, 'third message');
    const texts = messageTexts(await harness.hub.getEntries(thread.id));
    expect(texts.join('\n')).toContain('started a new session');
    expect(texts.at(-1)).toContain('Fake agent heard: You are continuing a conversation');
    expect(texts.join('\n')).not.toContain('second message');

    expect(await rewindThreadTo(editors, thread.id, 0)).toMatchObject({ restoredFiles: [{ path: 'notes.txt', action: 'remove' }] });
    expect(existsSync(path.join(root, 'notes.txt'))).toBe(false);
  });
});
