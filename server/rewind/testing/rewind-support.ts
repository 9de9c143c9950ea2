/**
 * Test support for rewind and fork: a hub on a real store, with the files agents change kept in a
 * real FileHistory and real workspace checkpoints (as the relay makes them), approving every call that asks, and turns awaited by their `progress finished`.
 */
import path from 'node:path';
import type { ThreadEntry } from '../../../lib/protocol/thread-model';
import type { SequencedContentReceivedParams } from '../../../lib/protocol/thread-events';
import { applyChatContentInPlace } from '../../../lib/thread/apply-chat-content';
import type { AgentRegistry } from '../../agents/agent-registry';
import { ThreadHub } from '../../hub/thread-hub';
import { openThreadStore } from '../../store/prisma-thread-store';
import { createTestDatabase, type DatabaseKind } from '../../store/testing/databases';
import type { ThreadStore } from '../../store/thread-store';
import { Workspace } from '../../workspace/workspace';
import { FileHistory } from '../file-history';
import type { RestoreGuard } from '../restore-writes';
import type { RewindParts } from '../rewind-parts';
import { relayTurnCheckpoints } from '../turn-checkpoints';

export interface RewindHarness {
  hub: ThreadHub;
  store: ThreadStore;
  rewind: RewindParts;
  broadcasts: SequencedContentReceivedParams[];
  /** Sends the prompt and resolves once its turn has finished. */
  turn(threadId: string, message: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * On the SQLite file in the data folder, or with `database` on a fresh database of that kind;
 * `checkpoints` sets the cap and collection of the workspace checkpoints; `restoreGuard` is the
 * user's config on restores.
 */
export async function startRewindHarness(
  workspaceRoot: string,
  agents: (workspace: Workspace) => AgentRegistry,
  database: DatabaseKind = 'sqlite',
  checkpoints: Pick<Parameters<typeof relayTurnCheckpoints>[0], 'keepTurns' | 'collector'> = {},
  restoreGuard?: RestoreGuard,
): Promise<RewindHarness> {
  const dataDir = path.join(workspaceRoot, '.baton');
  const testDatabase = database === 'postgresql' ? await createTestDatabase('postgresql') : undefined;
  const store = await openThreadStore(testDatabase ? { database: testDatabase.target } : { databaseFile: path.join(dataDir, 'baton.db') });
  const workspace = new Workspace(workspaceRoot, { protectedFolders: [dataDir] });
  const broadcasts: SequencedContentReceivedParams[] = [];
  const finished: Array<() => void> = [];
  const registry = agents(workspace);
  const rewind = {
    fileHistory: new FileHistory(store.history, workspace),
    checkpoints: relayTurnCheckpoints({ dataDir, workspace, agents: registry, log: () => undefined, ...checkpoints }),
    restoreGuard,
  };
  const hub: ThreadHub = new ThreadHub({
    store,
    agents: registry,
    log: () => undefined,
    fileHistory: rewind.fileHistory,
    checkpoints: rewind.checkpoints,
    broadcast: (threadId, params) => {
      broadcasts.push(params);
      const { content } = params;
      if (content.type === 'toolCallRun' && content.manualApproval) void approveOnceAsked(hub, threadId, content.id);
      if (content.type === 'progress' && content.state === 'finished') finished.shift()?.();
    },
  });
  return {
    hub,
    store,
    rewind,
    broadcasts,
    async turn(threadId, message) {
      const ended = new Promise<void>((resolve) => finished.push(resolve));
      await hub.prompt(threadId, message);
      await ended;
    },
    async close() {
      await hub.close();
      await rewind.checkpoints.close();
      await store.close();
      await testDatabase?.drop();
    },
  };
}

/**
 * The call's card reaches the tabs just before the agent starts waiting for the answer; an answer
 * in between would find no question yet, so it is given again on each turn of the event loop.
 */
async function approveOnceAsked(hub: ThreadHub, threadId: string, toolCallId: string): Promise<void> {
  while (!(await hub.approve(threadId, toolCallId))) await new Promise((resolve) => setImmediate(resolve));
}

/** What a tab that replays every stored event from the first would hold. */
export async function replayedEntries(store: ThreadStore, threadId: string): Promise<ThreadEntry[]> {
  const entries: ThreadEntry[] = [];
  for (const event of await store.getEventsAfter(threadId, 0)) applyChatContentInPlace(entries, event.role, event.content);
  return entries;
}

export const messageTexts = (entries: readonly ThreadEntry[]) =>
  entries.flatMap((entry) => (entry.type === 'message' ? [`${entry.role}: ${entry.chunks.map((chunk) => chunk.chunk).join('')}`] : []));
