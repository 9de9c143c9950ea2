/**
 * Review, export and import (issue 11, "Review"): a thread recorded with approvals, a stopped turn
 * and usage reads the same after the relay restarts (the file the user attached to a prompt
 * included); its Changes view shows the diffs; a message and a link to an entry copy; it downloads
 * as JSON, Markdown and Org; the JSON export imports back as a thread that reads the same.
 */
import { readFile } from 'node:fs/promises';
import { createGate } from '../server/demo-model/testing/gate';
import type { MessagesRequest } from '../server/demo-model/messages-request';
import type { ScriptedReply } from '../server/demo-model/scripted-reply';
import { expect, test } from './fixtures/baton-test';
import type { BatonPage } from './support/baton-page';

const HELD_ANSWER = 'This answer stops here because the user stops it before the end.';
const held = createGate();

// Tall enough that the virtualised list renders the whole short thread, so what is read is all of it.
test.use({ viewport: { width: 1280, height: 2400 } });

function lastText(request: MessagesRequest): string {
  const last = request.messages.at(-1);
  return typeof last?.content === 'string' ? last.content : JSON.stringify(last?.content ?? '');
}

function reply(request: MessagesRequest): ScriptedReply {
  const text = lastText(request);
  if (text.includes('tool_result')) return { blocks: [{ type: 'text', text: 'Wrote it.' }] };
  if (text.includes('write notes'))
    return { blocks: [{ type: 'tool_use', name: 'write_file', input: { path: 'notes.md', content: 'first\n' } }] };
  if (text.includes('write again'))
    return { blocks: [{ type: 'tool_use', name: 'write_file', input: { path: 'notes.md', content: 'second\n' } }] };
  return { blocks: [{ type: 'text', text: HELD_ANSWER }], beforeDelta: (index) => (index === 2 ? held.promise : undefined) };
}

test.use({ workspaceOptions: { files: { 'brief.md': 'Keep the notes short.\n' } }, modelOptions: { script: reply } });

// The held answer lets go, so that the relay can stop.
test.afterEach(() => held.open());

async function download(baton: BatonPage, format: 'JSON' | 'Markdown' | 'Org'): Promise<{ name: string; content: string }> {
  const file = await baton.exportThread(format);
  const filePath = await file.path();
  return { name: file.suggestedFilename(), content: await readFile(filePath, 'utf8') };
}

/** The entry of the first prompt: its words, the file attached to it and its actions. */
function firstPrompt(baton: BatonPage) {
  return baton.page.locator('.chat-entries__item').filter({ has: baton.userMessages.filter({ hasText: 'write notes' }) });
}

/** What a reader sees of the thread: messages, who decided each call, how turns ended. */
async function readThread(baton: BatonPage) {
  return {
    prompts: await baton.userMessages.allInnerTexts(),
    approvals: await baton.page.getByTestId('tool-call-approval-note').allInnerTexts(),
    outcomes: await baton.page.getByTestId('turn-outcome').allInnerTexts(),
    usages: await baton.page.getByTestId('turn-usage').count(),
  };
}

test('a reloaded thread reads as it did live; Changes, export in three formats and import', async ({
  page,
  context,
  baton,
  relay: firstRelay,
  workspace,
  startRelay,
}) => {
  let relay = firstRelay;
  await baton.open();
  await baton.newThread();

  // The whole file goes along with the first prompt, from the file panel.
  await page.getByTestId('quick-open').fill('brief');
  await page.getByTestId('quick-open-result').first().click();
  await expect(page.getByTestId('add-to-context')).toHaveText('Add file to context');
  await page.getByTestId('add-to-context').click();
  await expect(page.getByTestId('context-chip')).toHaveText([/brief\.md/]);
  await baton.send('write notes');
  await expect(firstPrompt(baton).getByTestId('message-context')).toHaveText(['file brief.md']);
  await baton.toolCard('write_file').getByTestId('approve-tool-call-session').click();
  await expect(baton.assistantMessages.filter({ hasText: 'Wrote it.' })).toHaveCount(1);
  await baton.expectTurnFinished();
  await baton.send('write again');
  await expect(baton.assistantMessages.filter({ hasText: 'Wrote it.' })).toHaveCount(2);
  await baton.expectTurnFinished();
  await baton.send('tell me more');
  await expect(baton.assistantMessages.filter({ hasText: 'This answer' })).toHaveCount(1);
  await baton.stopButton.click();
  await baton.expectTurnFinished();
  await expect(page.getByTestId('turn-outcome')).toHaveText(['Stopped by you']);
  const live = await readThread(baton);

  // The relay restarts; the page comes back to it and opens the thread.
  await relay.stop();
  held.open();
  relay = await startRelay();
  await baton.open(relay.url);
  await baton.threadItems.first().click();
  await expect(baton.userMessages).toHaveCount(3);
  await expect(firstPrompt(baton).getByTestId('message-context')).toHaveText(['file brief.md']);
  await expect(page.getByTestId('tool-call-approval-note')).toHaveText([
    'Approved by you for this session',
    'Approved by your earlier approval for this session',
  ]);
  // The stopped turn is marked once; the finished ones show their usage.
  await expect(page.getByTestId('turn-outcome')).toHaveText(['Stopped by you']);
  await expect(page.getByTestId('turn-usage').first()).toContainText('tokens');
  expect(await readThread(baton)).toEqual(live);
  // The header's one figure is the thread's total, the same as its details say.
  await expect(page.getByTestId('thread-usage-tokens')).toContainText('tokens');
  await baton.openThreadDetails();
  await expect(page.getByTestId('thread-details-tokens')).toHaveText((await page.getByTestId('thread-usage-tokens').textContent())!);
  await expect(page.getByTestId('thread-details-agent')).toHaveText('Built-in agent');
  await expect(page.getByTestId('thread-details-model')).toHaveText('scripted-test-model');
  // The dates are the thread's, kept across the restart ("Nov 25, 2026, 2:38 AM").
  const shownDate = /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/;
  await expect(page.getByTestId('thread-details-created')).toHaveText(shownDate);
  await expect(page.getByTestId('thread-details-modified')).toHaveText(shownDate);
  await expect(page.getByTestId('thread-details-workspace')).toHaveText(workspace.path);
  await expect(page.getByTestId('thread-details-tokens')).not.toHaveText('0 tokens');
  await expect(page.getByTestId('thread-details-tokens')).toContainText('tokens');
  await expect(page.getByTestId('thread-details-cost')).toHaveText('not priced');
  await baton.closeThreadDetails();

  // The Changes view: the one file, with both changes' diffs.
  await page.getByRole('button', { name: 'Changes', exact: true }).click();
  const file = page.getByTestId('changes-file');
  await expect(file).toHaveAttribute('data-path', 'notes.md');
  await expect(file.getByTestId('tool-call-diff')).toHaveCount(2);
  await expect(file.getByTestId('tool-call-diff').first()).toContainText('first');
  await expect(file.getByTestId('tool-call-diff').last()).toContainText('second');
  // Next change, then next tool call, take the reader to each write in turn.
  await page.getByRole('button', { name: 'Next change' }).click();
  const target = page.locator('.chat-entries__item--target');
  await expect(target.getByTestId('tool-call-card')).toHaveCount(1);
  const firstWrite = await target.getAttribute('data-entry-index');
  await page.getByRole('button', { name: 'Next tool call' }).click();
  await expect(target).not.toHaveAttribute('data-entry-index', firstWrite ?? '');
  await expect(target.getByTestId('tool-call-approval-note')).toHaveText('Approved by your earlier approval for this session');

  // Copy a link to an entry.
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: relay.origin });
  await (await baton.entryAction(target, 'copy-entry-link')).click();
  await expect(target.getByRole('status')).toHaveText('Link copied');
  const threadUrl = await page.evaluate(() => navigator.clipboard.readText());
  expect(threadUrl).toMatch(new RegExp(`^${relay.origin}/t/[^/#]+#entry-${await target.getAttribute('data-entry-index')}$`));
  // Copy a message: its text alone, without the attached file's label.
  await (await baton.entryAction(firstPrompt(baton), 'copy-message')).click();
  await expect(firstPrompt(baton).getByRole('status')).toHaveText('Message copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('write notes');

  // The three exports.
  const json = await download(baton, 'JSON');
  expect(json.name).toMatch(/\.json$/);
  const exported = JSON.parse(json.content);
  expect(exported).toMatchObject({ format: 'baton-thread', version: 1, thread: { model: 'scripted-test-model' } });
  expect(exported.entries.filter((entry: { type: string }) => entry.type === 'toolCall')).toHaveLength(2);
  const markdown = await download(baton, 'Markdown');
  expect(markdown.name).toMatch(/\.md$/);
  expect(markdown.content).toContain('## User');
  expect(markdown.content).toContain('- Approved by you for this session');
  expect(markdown.content).toContain('> Stopped by you');
  const org = await download(baton, 'Org');
  expect(org.name).toMatch(/\.org$/);
  expect(org.content).toContain('* User <<entry-0>>\nwrite notes');
  expect(org.content).toContain('#+begin_src diff');

  // Import the JSON: a new thread that reads the same.
  const threads = await baton.threadItems.count();
  await page.getByTestId('import-file').setInputFiles({ name: json.name, mimeType: 'application/json', buffer: Buffer.from(json.content) });
  await expect(baton.threadItems).toHaveCount(threads + 1);
  await expect(baton.userMessages).toHaveCount(3);
  await expect(page.getByTestId('turn-outcome')).toHaveText(['Stopped by you']);
  await expect(firstPrompt(baton).getByTestId('message-context')).toHaveText(['file brief.md']);
  expect(await readThread(baton)).toEqual(live);
  await expect(page.getByTestId('thread-usage-tokens')).toHaveText(`${exported.thread.totalTokens.toLocaleString('en-US')} tokens`);
  await baton.openThreadDetails();
  await expect(page.getByTestId('thread-details-tokens')).toHaveText(`${exported.thread.totalTokens.toLocaleString('en-US')} tokens`);

  // A Markdown file is no import: the reason shows, and no thread is added.
  await page
    .getByTestId('import-file')
    .setInputFiles({ name: 'thread.md', mimeType: 'text/markdown', buffer: Buffer.from(markdown.content) });
  await expect(page.getByTestId('turn-error')).toContainText('The file is not JSON');
  await expect(baton.threadItems).toHaveCount(threads + 1);
});
