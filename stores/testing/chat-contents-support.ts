/** Chat contents as the relay sends them, parsed by the wire schema so the fixtures stay honest. */
import {
  ChatContentReceivedParamsSchema,
  type ChatContentInput,
  type ChatContentReceivedParams,
  type ChatRole,
} from '../../lib/protocol/eca-chat';

export function received(chatId: string, role: ChatRole, content: ChatContentInput): ChatContentReceivedParams {
  return ChatContentReceivedParamsSchema.parse({ chatId, role, content });
}

const editFile = {
  origin: 'native',
  name: 'edit_file',
  server: 'baton',
  summary: 'Edit notes.md',
  details: {
    type: 'fileChange',
    path: 'notes.md',
    diff: '--- a/notes.md\n+++ b/notes.md\n@@ -1 +1 @@\n-old\n+new\n',
    linesAdded: 1,
    linesRemoved: 1,
  },
} as const;

/** One turn: a prompt, an answer, an edit approved and run, a second edit rejected, a title. */
export function approvedAndRejectedTurn(chatId: string): ChatContentReceivedParams[] {
  return [
    received(chatId, 'user', { type: 'text', text: 'Tidy the notes' }),
    received(chatId, 'system', { type: 'progress', state: 'running', text: 'Generating' }),
    received(chatId, 'assistant', { type: 'text', text: 'Sure, ' }),
    received(chatId, 'assistant', { type: 'text', text: 'editing **notes.md**.' }),
    received(chatId, 'assistant', { type: 'toolCallPrepare', id: 'call-1', ...editFile, argumentsText: '{"path":' }),
    received(chatId, 'assistant', { type: 'toolCallPrepare', id: 'call-1', ...editFile, argumentsText: '"notes.md"}' }),
    received(chatId, 'assistant', {
      type: 'toolCallRun',
      id: 'call-1',
      ...editFile,
      arguments: { path: 'notes.md' },
      manualApproval: true,
    }),
    received(chatId, 'assistant', { type: 'toolCallRunning', id: 'call-1', ...editFile, arguments: { path: 'notes.md' } }),
    received(chatId, 'assistant', {
      type: 'toolCalled',
      id: 'call-1',
      ...editFile,
      arguments: { path: 'notes.md' },
      error: false,
      outputs: [{ type: 'text', text: 'Edited notes.md' }],
      totalTimeMs: 12,
    }),
    received(chatId, 'assistant', {
      type: 'toolCallRun',
      id: 'call-2',
      ...editFile,
      arguments: { path: 'notes.md' },
      manualApproval: true,
    }),
    received(chatId, 'assistant', {
      type: 'toolCallRejected',
      id: 'call-2',
      ...editFile,
      arguments: { path: 'notes.md' },
      reason: 'user-choice',
    }),
    received(chatId, 'system', { type: 'metadata', title: 'Tidy the notes' }),
    received(chatId, 'system', { type: 'progress', state: 'finished', text: '' }),
  ];
}
