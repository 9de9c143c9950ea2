/**
 * The note beside a call nobody was asked about says what allowed it: Baton's own default rules
 * (a read, with no rule about it) or a rule of the user's config file, named with its file. A user
 * without a config file is never told that one allowed a call. The note survives a reload.
 */
import type { MessagesRequest } from '../server/demo-model/messages-request';
import type { ScriptedReply } from '../server/demo-model/scripted-reply';
import { expect, test } from './fixtures/baton-test';

/** A read of README.md, then a write of notes.md, then an answer: one step per tool result so far. */
function reply(request: MessagesRequest): ScriptedReply {
  const results = request.messages
    .flatMap((message) => (Array.isArray(message.content) ? message.content : []))
    .filter((block) => block.type === 'tool_result');
  if (results.length === 0) return { blocks: [{ type: 'tool_use', name: 'read_file', input: { path: 'README.md' } }] };
  if (results.length === 1) return { blocks: [{ type: 'tool_use', name: 'write_file', input: { path: 'notes.md', content: 'noted\n' } }] };
  return { blocks: [{ type: 'text', text: 'Read one file and wrote another.' }] };
}

test.use({
  workspaceOptions: { files: { 'README.md': '# Notes\n' }, config: { toolApproval: [{ tool: 'write_file', decision: 'allow' }] } },
  modelOptions: { script: reply },
});

test("a read Baton's defaults allowed and a write the config file's rule allowed say so, after a reload too", async ({ page, baton }) => {
  await baton.open();
  await baton.send('read the readme, then write notes');
  await expect(baton.assistantMessages.last()).toContainText('Read one file and wrote another.');

  const expectNotes = async () => {
    await expect(baton.toolCard('read_file').getByTestId('tool-call-approval-note')).toHaveText("Allowed by Baton's default rules");
    const written = baton.toolCard('write_file').getByTestId('tool-call-approval-note');
    await expect(written).toHaveText('Allowed by a rule in .baton/config.json');
    await expect(written).toHaveAttribute('title', 'allow write_file');
  };
  await expectNotes();
  await expect(baton.toolCard('write_file')).toHaveAttribute('data-status', 'succeeded');

  await page.reload();
  await baton.expectConnected();
  await expect(baton.toolCards).toHaveCount(2);
  await expectNotes();
});
