/**
 * The batch of file changes the fake Autohand proposes for the keyword `changes`: one file
 * created, one modified and one deleted, in the shape of `autohand.changesBatchUpdate`.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

export interface FakeChange {
  id: string;
  filePath: string;
  changeType: 'create' | 'modify' | 'delete';
  originalContent: string;
  proposedContent: string;
  description: string;
  toolId: string;
  toolName: string;
}

function current(path: string): string {
  return existsSync(path) ? readFileSync(path, 'utf8') : '';
}

export function proposedChanges(): FakeChange[] {
  return [
    {
      id: 'change-a',
      filePath: 'a.txt',
      changeType: 'create',
      originalContent: '',
      proposedContent: 'alpha\n',
      description: 'Create a.txt',
      toolId: 'tool-write-a',
      toolName: 'write_file',
    },
    {
      id: 'change-b',
      filePath: 'b.txt',
      changeType: 'modify',
      originalContent: current('b.txt'),
      proposedContent: 'bravo, changed\n',
      description: 'Change b.txt',
      toolId: 'tool-edit-b',
      toolName: 'edit_file',
    },
    {
      id: 'change-c',
      filePath: 'c.txt',
      changeType: 'delete',
      originalContent: current('c.txt'),
      proposedContent: '',
      description: 'Delete c.txt',
      toolId: 'tool-delete-c',
      toolName: 'delete_file',
    },
  ];
}

/** Batches that have ended and wait for their `changesDecision`, which may come after `turnEnd`. */
export const pendingBatches = new Map<string, FakeChange[]>();

export function applyDecision(changes: FakeChange[], params: Record<string, unknown>) {
  const selected = Array.isArray(params.selectedChangeIds) ? params.selectedChangeIds.map(String) : [];
  const accepted = changes.filter((change) =>
    params.action === 'accept_all' ? true : params.action === 'accept_selected' ? selected.includes(change.id) : false,
  );
  for (const change of accepted) {
    if (change.changeType === 'delete') rmSync(change.filePath, { force: true });
    else writeFileSync(change.filePath, change.proposedContent);
  }
  return { success: true, appliedCount: accepted.length, skippedCount: changes.length - accepted.length };
}
