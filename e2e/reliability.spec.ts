/**
 * Nothing a user saw is lost and nothing is shown twice: a tab that drops off and comes back, a
 * relay killed mid-turn, a model stream that breaks, and a page reloaded mid-stream.
 */
import { createGate } from '../server/demo-model/testing/gate';
import { expect, test } from './fixtures/baton-test';
import { BatonPage } from './support/baton-page';
import { MARKDOWN_ANSWER } from './support/model-scripts';
import { connectRelayClient, isTurnFinished } from './support/relay-client';

let gate = createGate();

test.use({ relayOptions: { token: 'reliability-test-token-0123456789abcdef' } });

test.beforeEach(({ model }) => {
  gate = createGate();
  model.script = () => ({
    blocks: [{ type: 'text', text: MARKDOWN_ANSWER }],
    beforeDelta: (index) => (index === 4 ? gate.promise : undefined),
  });
});

// The held answer lets go, so that the relay can stop.
test.afterEach(() => gate.open());

test('a client that drops mid-stream gets exactly the events it missed, once each, in order', async ({ relay }) => {
  const client = await connectRelayClient(relay);
  const { threadId } = await client.rpc.request('createThread', null);
  await client.rpc.request('openThread', { threadId });
  await client.rpc.request('chat/prompt', { chatId: threadId, message: 'news' });
  await client.until((params) => params.content.type === 'text' && params.role === 'assistant');
  const seenBeforeDrop = [...client.received];
  client.close();

  // The turn goes on and finishes while nobody watches.
  const watcher = await connectRelayClient(relay);
  await watcher.rpc.request('openThread', { threadId });
  gate.open();
  await watcher.until(isTurnFinished);
  watcher.close();

  const back = await connectRelayClient(relay);
  const lastSeen = seenBeforeDrop.at(-1)?.seq ?? 0;
  const { events, turnRunning } = await back.rpc.request('getThreadEvents', { threadId, afterSeq: lastSeen });
  back.close();
  expect(turnRunning).toBe(false);
  const all = [...seenBeforeDrop.map(({ seq, role, content }) => ({ seq, role, content })), ...events];
  expect(all.map((event) => event.seq)).toEqual(all.map((_event, index) => index + 1));
  const answer = all.filter((event) => event.role === 'assistant' && event.content.type === 'text');
  expect(answer.map((event) => (event.content.type === 'text' ? event.content.text : '')).join('')).toBe(MARKDOWN_ANSWER);
  expect(all.at(-1)?.content).toMatchObject({ type: 'progress', state: 'finished' });
});

test('after SIGKILL mid-turn, every event a client saw is stored and the turn is marked interrupted', async ({
  relay: firstRelay,
  startRelay,
}) => {
  let relay = firstRelay;
  const client = await connectRelayClient(relay);
  const { threadId } = await client.rpc.request('createThread', null);
  await client.rpc.request('openThread', { threadId });
  await client.rpc.request('chat/prompt', { chatId: threadId, message: 'news' });
  await client.until((params) => params.content.type === 'text' && params.role === 'assistant');
  const seen = client.received.map(({ seq, role, content }) => ({ seq, role, content }));
  client.close();
  await relay.kill();

  relay = await startRelay();
  const back = await connectRelayClient(relay);
  const { events, turnRunning } = await back.rpc.request('getThreadEvents', { threadId, afterSeq: 0 });
  const snapshot = await back.rpc.request('getThreadEntries', { threadId });
  back.close();
  expect(events.slice(0, seen.length)).toEqual(seen);
  expect(turnRunning).toBe(false);
  expect(events.at(-1)?.content).toMatchObject({ type: 'progress', state: 'finished' });
  expect(JSON.stringify(snapshot.entries.at(-2))).toContain('The turn was interrupted');
  expect(snapshot.entries.at(-1)).toEqual({ type: 'turnSummary', outcome: 'interrupted' });
});

test('a model stream that breaks mid-turn ends the turn with the reason, and the next prompt works', async ({ relay, model }) => {
  model.script = () => ({ blocks: [{ type: 'text', text: MARKDOWN_ANSWER }], breakConnectionAfterDeltas: 3 });
  const client = await connectRelayClient(relay);
  const { threadId } = await client.rpc.request('createThread', null);
  await client.rpc.request('openThread', { threadId });
  await client.rpc.request('chat/prompt', { chatId: threadId, message: 'news' });
  await client.until(isTurnFinished);
  const failure = client.received.find((params) => params.role === 'system' && params.content.type === 'text');
  expect(failure?.content).toMatchObject({ type: 'text', text: expect.stringContaining('The turn failed') });

  model.script = () => ({ blocks: [{ type: 'text', text: 'Back again.' }] });
  client.received.length = 0;
  await client.rpc.request('chat/prompt', { chatId: threadId, message: 'again' });
  await client.until(isTurnFinished);
  expect(client.received.some((params) => params.content.type === 'text' && params.content.text.includes('Back'))).toBe(true);
  client.close();
});

test('a page reloaded mid-stream shows the whole answer exactly once', async ({ page, baton }) => {
  await baton.open();
  await baton.send('Tell me the news');
  await expect(baton.assistantMessages.first()).toContainText('Here is');
  await page.reload();
  await baton.expectConnected();
  await baton.threadItems.first().click();
  await expect(baton.stopButton).toBeVisible();
  gate.open();
  await baton.expectTurnFinished();
  await expect(baton.assistantMessages).toHaveCount(1);
  await expect(baton.assistantMessages.first()).toContainText('That is all.');
  const answer = await baton.assistantMessages.first().innerText();
  expect(answer.split('Here is').length - 1).toBe(1);
  expect(answer.split('first point').length - 1).toBe(1);
  expect(answer.split('That is all.').length - 1).toBe(1);
});

test('two tabs see the same turn: an approval answered in one leaves the other, Stop works from either', async ({
  context,
  relay,
  model,
}) => {
  model.script = (request) => {
    const last = request.messages.at(-1);
    const answered = Array.isArray(last?.content) && last.content.some((block) => block.type === 'tool_result');
    return answered
      ? { blocks: [{ type: 'text', text: 'Written.' }], beforeDelta: () => gate.promise }
      : { blocks: [{ type: 'tool_use', name: 'write_file', input: { path: 'two-tabs.md', content: 'hi\n' } }] };
  };
  const first = new BatonPage(await context.newPage());
  const second = new BatonPage(await context.newPage());
  await first.open(relay.url);
  await first.send('write it');
  await expect(first.toolCard('write_file')).toHaveAttribute('data-status', 'waiting-approval');
  await second.open(relay.url);
  await second.threadItems.first().click();
  const secondCard = second.toolCard('write_file');
  await expect(secondCard.getByTestId('approve-tool-call')).toBeVisible();

  await first.toolCard('write_file').getByTestId('approve-tool-call').click();
  await expect(secondCard.getByTestId('approve-tool-call')).toHaveCount(0);
  await expect(secondCard).toHaveAttribute('data-status', 'succeeded');

  // The answer after the tool is held: the turn runs until Stop, pressed in the other tab.
  await expect(first.stopButton).toBeVisible();
  await second.stopButton.click();
  await first.expectTurnFinished();
  await second.expectTurnFinished();
});

test('a tab whose relay restarted with a new token says to reopen the printed URL', async ({
  page,
  baton,
  relay: firstRelay,
  startRelay,
}) => {
  let relay = firstRelay;
  await baton.open();
  const port = Number(new URL(relay.origin).port);
  await relay.stop();
  relay = await startRelay({ token: 'another-token-after-the-restart-0123456789', port });
  const status = page.getByTestId('connection-status');
  await expect(status).toHaveAttribute('data-state', 'disconnected');
  await expect(status).toContainText('open the URL it printed');
  // The new URL works in the same tab.
  await baton.open(relay.url);
});
