/**
 * Typing while a turn runs: Send queues the message under the composer (editable, removable) and it
 * goes out when the turn ends; Steer hands it to the running turn, which the built-in agent reads
 * at its next model request.
 */
import { createGate, type Gate } from '../server/demo-model/testing/gate';
import type { MessagesRequest } from '../server/demo-model/messages-request';
import type { ModelScript } from '../server/demo-model/scripted-reply';
import { expect, type ScriptedModel, test } from './fixtures/baton-test';

let gate: Gate;

/** Everything the model was sent as the user's last turn, as text (tool results included). */
function lastUserText(request: MessagesRequest | undefined): string {
  return JSON.stringify(request?.messages.at(-1) ?? '');
}

/**
 * The first answer calls read_file and is held half-way until the test opens the gate; every later
 * request is answered at once, echoing what the model was sent last.
 */
const heldToolThenEcho =
  (model: ScriptedModel): ModelScript =>
  (request) => {
    if (model.requests.length === 1) {
      return {
        blocks: [
          { type: 'text', text: 'Let me look at the notes.' },
          { type: 'tool_use', name: 'read_file', input: { path: 'notes.md' } },
        ],
        beforeDelta: (index) => (index === 2 ? gate.promise : undefined),
      };
    }
    const said = lastUserText(request);
    return {
      blocks: [
        {
          type: 'text',
          text: `Echo: ${said.includes('steer: use tabs') ? 'steered' : said.includes('queued one') ? 'queued one' : 'other'}`,
        },
      ],
    };
  };

test.use({ workspaceOptions: { files: { 'notes.md': 'some notes\n' } } });

test.beforeEach(({ model }) => {
  gate = createGate();
  model.script = heldToolThenEcho(model);
});

// The held answer lets go, so that the relay can stop.
test.afterEach(() => gate.open());

test('Send during a turn queues the message, which can be edited or removed and goes out when the turn ends', async ({
  page,
  baton,
  model,
}) => {
  await baton.open();
  await baton.send('Read my notes');
  await expect(baton.stopButton).toBeVisible();
  await expect(page.getByTestId('composer-hint')).toContainText('Send queues it');

  await baton.send('a first draft');
  await baton.send('drop me');
  const queued = page.getByTestId('queued-prompt');
  await expect(queued).toHaveCount(2);
  await expect(queued.first()).toContainText('Queued: sent when the turn ends');
  await expect(baton.composer).toHaveValue('');

  await queued.filter({ hasText: 'drop me' }).getByTestId('remove-queued-prompt').click();
  await expect(queued).toHaveCount(1);
  await queued.first().getByTestId('edit-queued-prompt').click();
  await page.getByTestId('queued-prompt-editor').fill('the queued one');
  await page.getByTestId('queued-prompt-editor').press('Enter');
  await expect(page.getByTestId('queued-prompt-text')).toHaveText('the queued one');
  await expect(baton.userMessages).toHaveText(['Read my notes']);

  gate.open();
  await expect(baton.userMessages.last()).toHaveText('the queued one');
  await expect(baton.assistantMessages.last()).toContainText('Echo: queued one');
  await expect(queued).toHaveCount(0);
  await baton.expectTurnFinished();
  // Two turns: the held one (a tool round, then its answer) and the queued message's.
  expect(model.requests).toHaveLength(3);
});

test('Steer gives the message to the running turn: the agent reads it at its next step', async ({ page, baton, model }) => {
  await baton.open();
  await baton.send('Read my notes');
  await expect(baton.stopButton).toBeVisible();

  await baton.composer.fill('steer: use tabs');
  await page.getByTestId('steer-button').click();
  const queued = page.getByTestId('queued-prompt');
  await expect(queued).toHaveAttribute('data-state', 'steering');
  await expect(queued).toContainText('Steering: for the agent’s next step');
  await expect(queued.getByTestId('remove-queued-prompt')).toHaveCount(0);

  gate.open();
  await expect(baton.assistantMessages.last()).toContainText('Echo: steered');
  await expect(queued).toHaveCount(0);
  await expect(baton.userMessages).toHaveText(['Read my notes', 'steer: use tabs']);
  await baton.expectTurnFinished();
  // One turn: the steer message went with the tool's result, not as a turn of its own.
  expect(model.requests).toHaveLength(2);
  expect(lastUserText(model.requests[1])).toContain('some notes');
});

test('a message queued on a thread deleted mid-turn is kept, not sent to nothing; after Undo an edit sends it', async ({ page, baton }) => {
  await baton.open();
  await baton.send('Read my notes');
  // Send queues once the new thread is open (until then it waits for the thread).
  await expect(page.getByTestId('composer-hint')).toContainText('Send queues it');
  await baton.send('the queued one');
  await expect(page.getByTestId('queued-prompt')).toHaveCount(1);
  // Mid-turn for real: the model has begun answering (the script holds its first answer there).
  // Deleted sooner, the first request may never reach the model, and the script would take the
  // queued message for the first.
  await expect(baton.assistantMessages.last()).toContainText('Let me');

  await baton.threadAction('Read my notes', 'delete-thread');
  await page.getByTestId('confirm-delete-thread').click();
  await page.getByTestId('undo-delete').click();
  await expect(baton.userMessages.first()).toHaveText('Read my notes');
  const queued = page.getByTestId('queued-prompt');
  await expect(queued).toHaveAttribute('data-state', 'failed');
  await expect(queued).toContainText('Not sent: the thread was deleted.');
  await expect(page.getByText(/There is no thread/)).toHaveCount(0);
  await expect(baton.userMessages).toHaveText(['Read my notes']);

  await queued.getByTestId('edit-queued-prompt').click();
  await page.getByTestId('queued-prompt-editor').press('Enter');
  await expect(baton.userMessages).toHaveText(['Read my notes', 'the queued one']);
  await expect(baton.assistantMessages.last()).toContainText('Echo: queued one');
  await expect(queued).toHaveCount(0);
});
