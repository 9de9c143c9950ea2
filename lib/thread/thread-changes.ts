/**
 * What a thread changed: the positions of its tool calls and of those that changed a file, and
 * per file every change's diff in order with the lines added and removed in all. Only calls that
 * ran are counted: a rejected or interrupted change never reached the file.
 */
import type { ThreadEntry } from '../protocol/thread-model';
import type { ThreadChanges } from '../protocol/thread-export';

export function threadChanges(entries: readonly ThreadEntry[]): ThreadChanges {
  const toolCalls: number[] = [];
  const changes: number[] = [];
  const files = new Map<string, ThreadChanges['files'][number]>();
  entries.forEach((entry, index) => {
    if (entry.type !== 'toolCall') return;
    toolCalls.push(index);
    if (!entry.details || entry.status !== 'succeeded') return;
    changes.push(index);
    const { path, diff, linesAdded, linesRemoved } = entry.details;
    const file = files.get(path) ?? { path, linesAdded: 0, linesRemoved: 0, changes: [] };
    file.linesAdded += linesAdded;
    file.linesRemoved += linesRemoved;
    file.changes.push({ entryIndex: index, diff, linesAdded, linesRemoved });
    files.set(path, file);
  });
  return { toolCalls, changes, files: [...files.values()].sort((a, b) => a.path.localeCompare(b.path)) };
}
