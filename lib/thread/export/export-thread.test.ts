/**
 * The three exports of one recorded thread (the entries folded from the contents a turn sends),
 * and the JSON read back: the same entries, and clear refusals of what is not an export.
 */
import { describe, expect, it } from 'vitest';
import type { ThreadEntry } from '../../protocol/thread-model';
import type { ChatContentInput, ChatRole } from '../../protocol/eca-chat';
import { ChatContentSchema } from '../../protocol/eca-chat';
import type { ThreadDetails } from '../../protocol/thread-export';
import { applyChatContent } from '../apply-chat-content';
import { ImportError, parseExportFile } from './export-file';
import { exportThread } from './export-thread';

const SECRET = 'sk-live-0123456789';
const DIFF = '--- a/notes.md\n+++ b/notes.md\n@@ -1 +1 @@\n-old\n+new\n';

function recorded(...contents: Array<[ChatRole, ChatContentInput]>): ThreadEntry[] {
  return contents.reduce<ThreadEntry[]>(
    (entries, [role, content]) => applyChatContent(entries, role, ChatContentSchema.parse(content)),
    [],
  );
}

const call = { origin: 'native', id: 'call-1', name: 'edit_file', server: 'ECA', summary: 'Edit notes.md' } as const;
const entries = recorded(
  [
    'user',
    {
      type: 'text',
      text: `Use the key ${SECRET}\n* not a heading\n\`\`\`inner fence\`\`\``,
      contexts: [{ type: 'file', path: 'notes.md', linesRange: { start: 2, end: 4 } }],
      model: 'claude-x',
    },
  ],
  ['assistant', { type: 'reasonStarted', id: 'r1' }],
  ['assistant', { type: 'reasonText', id: 'r1', text: 'Thinking it over.' }],
  ['assistant', { type: 'reasonFinished', id: 'r1', totalTimeMs: 5 }],
  [
    'assistant',
    {
      type: 'toolCallRun',
      ...call,
      arguments: { path: 'notes.md' },
      manualApproval: true,
      details: { type: 'fileChange', path: 'notes.md', diff: DIFF, linesAdded: 1, linesRemoved: 1 },
    },
  ],
  ['system', { type: 'toolCallApproval', id: 'call-1', decision: 'approved-for-session' }],
  [
    'assistant',
    {
      type: 'toolCalled',
      ...call,
      arguments: { path: 'notes.md' },
      error: false,
      outputs: [{ type: 'text', text: 'Edited.' }],
      totalTimeMs: 12,
    },
  ],
  ['assistant', { type: 'text', text: 'Done **editing**.' }],
  ['assistant', { type: 'usage', sessionTokens: 1500, messageInputTokens: 1200, messageOutputTokens: 300, lastMessageCost: '0.0123' }],
  ['system', { type: 'progress', state: 'finished', text: 'Done', outcome: 'stopped' }],
);

const details: ThreadDetails = {
  id: '3f2a9c1d-aaaa-bbbb-cccc-000000000000',
  title: 'Fix the notes: now!',
  agent: 'builtin',
  model: 'claude-x',
  workspace: '/projects/notes',
  createdAt: '2026-11-01T10:00:00.000Z',
  modifiedAt: '2026-11-01T10:05:00.000Z',
  totalTokens: 1500,
  totalCost: 0.0123,
};

describe('exportThread', () => {
  it('writes Markdown with the facts, contexts, reasoning, the call with its approval and diff, and the stopped turn', () => {
    const file = exportThread(details, entries, 'markdown');
    expect(file).toMatchObject({ fileName: 'fix-the-notes-now-3f2a9c1d.md', mimeType: 'text/markdown' });
    const text = file.content;
    expect(text).toContain('# Fix the notes: now!');
    expect(text).toContain('- **Model:** claude-x');
    expect(text).toContain('- **Workspace:** /projects/notes');
    expect(text).toContain('- **Total tokens:** 1,500 tokens');
    expect(text).toContain('- **Total cost:** $0.0123');
    expect(text).toContain('- file notes.md (lines 2-4)');
    expect(text).toContain('<details><summary>Reasoning');
    expect(text).toContain('### Tool call edit_file (succeeded, 12 ms)');
    expect(text).toContain('- Approved by you for this session');
    expect(text).toContain('```diff\n--- a/notes.md');
    expect(text).toContain('> Stopped by you · 1,500 tokens (1,200 in, 300 out) · $0.0123');
    // The user's own fence cannot close the block around it.
    expect(text).toContain('````text\nUse the key');
    // Nothing is redacted.
    expect(text).toContain(SECRET);
  });

  it('writes Org with headings per message, blocks for the diff and output, and escaped lines', () => {
    const file = exportThread(details, entries, 'org');
    expect(file).toMatchObject({ fileName: 'fix-the-notes-now-3f2a9c1d.org', mimeType: 'text/org' });
    const text = file.content;
    expect(text).toContain('#+TITLE: Fix the notes: now!');
    expect(text).toContain('- Total cost :: $0.0123');
    expect(text).toContain('* User <<entry-0>>');
    // A user's line starting with "* " must not become a heading.
    expect(text).toContain('\n * not a heading');
    expect(text).not.toMatch(/^\* not a heading/m);
    expect(text).toContain('** Reasoning <<entry-1>>');
    expect(text).toContain('** Tool call edit_file (succeeded, 12 ms) <<entry-2>>');
    expect(text).toContain('#+begin_src diff\n--- a/notes.md');
    expect(text).toContain('#+begin_example\nEdited.\n#+end_example');
    expect(text).toContain('- Stopped by you');
    expect(text).toContain(SECRET);
  });

  it('says who rejected a call in words, without the rejection code beside them', () => {
    const write = { origin: 'native', id: 'call-2', name: 'write_file', server: 'ECA', summary: 'Write notes.md' } as const;
    const rejected = recorded(
      ['user', { type: 'text', text: 'write it' }],
      ['assistant', { type: 'toolCallRun', ...write, arguments: { path: 'notes.md' }, manualApproval: true }],
      ['assistant', { type: 'toolCallRejected', ...write, arguments: { path: 'notes.md' }, reason: 'user-choice' }],
    );
    for (const format of ['markdown', 'org'] as const) {
      const text = exportThread(details, rejected, format).content;
      expect(text).toContain('- Rejected by you');
      expect(text).not.toContain('user-choice');
    }
  });

  it('says which boundary each command ran in', () => {
    const shell = { origin: 'native', id: 'call-3', name: 'shell_command', server: 'ECA', summary: 'Running make' } as const;
    const ran = (boundary: { sandboxed: boolean; network?: boolean; reason?: string }) =>
      recorded(
        ['user', { type: 'text', text: 'build it' }],
        ['assistant', { type: 'toolCallRun', ...shell, arguments: { command: 'make' }, manualApproval: false, boundary }],
        [
          'assistant',
          {
            type: 'toolCalled',
            ...shell,
            arguments: { command: 'make' },
            error: false,
            outputs: [{ type: 'text', text: 'built' }],
            boundary,
          },
        ],
      );
    for (const format of ['markdown', 'org'] as const) {
      expect(exportThread(details, ran({ sandboxed: true, network: false }), format).content).toContain('- Sandboxed\n');
      expect(exportThread(details, ran({ sandboxed: false, reason: 'bubblewrap missing' }), format).content).toContain(
        '- Not sandboxed: bubblewrap missing',
      );
    }
  });

  it('writes a versioned JSON export that reads back to the same thread', () => {
    const file = exportThread(details, entries, 'json', new Date('2026-11-02T00:00:00Z'));
    expect(file).toMatchObject({ fileName: 'fix-the-notes-now-3f2a9c1d.json', mimeType: 'application/json' });
    const parsed = parseExportFile(file.content);
    expect(parsed).toMatchObject({ format: 'baton-thread', version: 1, exportedAt: '2026-11-02T00:00:00.000Z' });
    expect(parsed.thread).toEqual(details);
    expect(parsed.entries).toEqual(entries);
    expect(entries.find((entry) => entry.type === 'toolCall')).toMatchObject({ approval: { decision: 'approved', by: 'user-session' } });
  });
});

describe('parseExportFile', () => {
  const good = JSON.parse(exportThread(details, entries, 'json').content) as Record<string, unknown>;
  const refusal = (content: string) => {
    try {
      parseExportFile(content);
    } catch (error) {
      expect(error).toBeInstanceOf(ImportError);
      return (error as Error).message;
    }
    return 'accepted';
  };

  it('refuses what is not JSON, not an export, another version, or a bad entry, saying which', () => {
    expect(refusal('# A Markdown export')).toBe('The file is not JSON: only a JSON export of a Baton thread can be imported.');
    expect(refusal('{"hello": 1}')).toBe('The file is not a Baton thread export (its "format" is not "baton-thread").');
    expect(refusal(JSON.stringify({ ...good, version: 2 }))).toBe('The export is version 2; this Baton reads version 1.');
    const badEntry = { ...good, entries: [{ type: 'message', role: 'robot', chunks: [] }] };
    expect(refusal(JSON.stringify(badEntry))).toMatch(/^The export is not valid at entries\.0/);
    expect(refusal(JSON.stringify({ ...good, thread: { ...details, agent: '../../bin/sh' } }))).toMatch(
      /^The export is not valid at thread\.agent/,
    );
  });

  it('refuses a file over the size limit before parsing it', () => {
    expect(refusal(' '.repeat(50 * 1024 * 1024 + 1))).toMatch(/^The file is too large to import/);
  });
});
