/**
 * A long thread for the browser bench and the long-thread test, as a real session leaves it: prompts, Markdown answers with
 * code, and edits whose cards carry a diff. Written through the relay's own store, so the relay
 * reads it back exactly as it reads any thread.
 */
import path from 'node:path';
import type { ThreadEntry } from '../../lib/protocol/thread-model';
import { startScriptedModelServer } from '../../server/demo-model/scripted-model-server';
import { openThreadStore } from '../../server/store/prisma-thread-store';
import { echoScript } from './model-scripts';
import { makeTempFolder, type RelayProcess, startRelayProcess } from './relay-process';

/** In the first entry's text: on screen once the list has been scrolled to the very top. */
export const OLDEST_MARKER = 'oldest-entry-marker';
/** In the last entry's text: on screen once the thread has opened at its end. */
export const NEWEST_MARKER = 'newest-entry-marker';

const ENTRIES_PER_ROUND = 4;

function answer(round: number): string {
  return [
    `### Step ${round}`,
    '',
    `Module **${round}** keeps its state in a map; the change below moves the lookup out of the loop, so each call costs the same however many items there are.`,
    '',
    '```ts',
    `export function lookup${round}(items: readonly Item[], key: string): Item | undefined {`,
    '  const index = new Map(items.map((item) => [item.key, item]));',
    '  return index.get(key);',
    '}',
    '```',
    '',
    `- keeps the public signature of \`lookup${round}\``,
    '- adds no dependency',
    `- see [the notes](https://example.com/notes/${round}) for the reasoning`,
  ].join('\n');
}

function diff(round: number): string {
  return [
    `--- a/src/module-${round}.ts`,
    `+++ b/src/module-${round}.ts`,
    '@@ -1,6 +1,7 @@',
    ` export function lookup${round}(items: readonly Item[], key: string): Item | undefined {`,
    '-  for (const item of items) {',
    '-    if (item.key === key) return item;',
    '-  }',
    '-  return undefined;',
    '+  const index = new Map(items.map((item) => [item.key, item]));',
    '+  return index.get(key);',
    ' }',
    ' ',
    ` export const name${round} = 'module-${round}';`,
  ].join('\n');
}

function text(role: 'user' | 'assistant', chunk: string): ThreadEntry {
  return { type: 'message', role, chunks: [{ type: 'text', chunk }] };
}

/** `count` entries (a multiple of four): prompt, answer, edit with a diff, closing line. */
export function longThreadEntries(count: number): ThreadEntry[] {
  const entries: ThreadEntry[] = [];
  const rounds = Math.ceil(count / ENTRIES_PER_ROUND);
  for (let round = 0; round < rounds; round++) {
    const first = round === 0 ? ` (${OLDEST_MARKER})` : '';
    entries.push(text('user', `Question ${round}${first}: can module ${round} look items up faster?`));
    entries.push(text('assistant', answer(round)));
    const filePath = `src/module-${round}.ts`;
    entries.push({
      type: 'toolCall',
      id: `toolu_seed_${round}`,
      name: 'edit_file',
      server: 'builtin',
      origin: 'native',
      status: 'succeeded',
      arguments: { path: filePath, original_content: 'for (const item of items)', new_content: 'new Map(items.map(...))' },
      summary: `Edit ${filePath}`,
      details: { type: 'fileChange', path: filePath, diff: diff(round), linesAdded: 2, linesRemoved: 4 },
      outputText: `Edited ${filePath}.`,
      totalTimeMs: 12,
    });
    const last = round === rounds - 1 ? ` (${NEWEST_MARKER})` : '';
    entries.push(text('assistant', `Done with step ${round}${last}: the lookup is a map now.`));
  }
  return entries.slice(0, count);
}

/** Stores a thread of these entries in the data folder a relay will be started on; its id. */
export async function seedLongThread(dataDir: string, entries: readonly ThreadEntry[]): Promise<string> {
  const store = await openThreadStore({ databaseFile: path.join(dataDir, 'baton.db') });
  try {
    const thread = await store.createThread('A long session', 'builtin');
    await store.saveEntries(
      thread.id,
      entries.map((entry, seq) => ({ seq, entry })),
    );
    return thread.id;
  } finally {
    await store.close();
  }
}

/** A relay whose data folder holds one seeded thread, its turns answered by the scripted model's echo. */
export interface SeededThreadRelay {
  relay: RelayProcess;
  threadId: string;
  close(): Promise<void>;
}

export async function startSeededThreadRelay(folderName: string, entries: readonly ThreadEntry[]): Promise<SeededThreadRelay> {
  const model = await startScriptedModelServer({ script: echoScript });
  const workspace = await makeTempFolder(folderName);
  const dataDir = path.join(workspace.path, '.baton');
  const threadId = await seedLongThread(dataDir, entries);
  const relay = await startRelayProcess({ workspaceRoot: workspace.path, dataDir, modelBaseUrl: model.url });
  return {
    relay,
    threadId,
    async close() {
      await relay.stop();
      await model.close();
      await workspace.remove();
    },
  };
}
