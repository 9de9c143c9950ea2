/**
 * The batch of file changes the fake Autohand proposes for the keyword `changes`: one file
 * created, one modified and one deleted, in the shape of `autohand.changesBatchUpdate`.
 */
import { existsSync, readFileSync } from 'node:fs';

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
