/**
 * Reading the chat: a turn is one answer, its pieces in order and none in a box; a tool call is one
 * line that opens on click, a change shows its diff highlighted with line numbers, a command's
 * output is a terminal with its colours, code blocks are highlighted and copy, a stopped or failed
 * turn is marked once where it ended, and Enter or Esc answers an approval card that has the focus.
 */
import type { Locator } from '@playwright/test';
import { createGate, type Gate } from '../server/demo-model/testing/gate';
import type { MessagesRequest } from '../server/demo-model/messages-request';
import type { ModelScript } from '../server/demo-model/scripted-reply';
import { expect, test } from './fixtures/baton-test';
import type { BatonPage } from './support/baton-page';
import { heldAnswerScript } from './support/model-scripts';

const SOURCE = 'export function greet(name: string): string {\n  return `Hello, ${name}!`;\n}\n';
const CODE = 'const total = [1, 2, 3].reduce((sum, item) => sum + item, 0);\nconsole.log(total);';
const CODE_ANSWER = `Like this:\n\n\`\`\`ts\n${CODE}\n\`\`\`\n\nThat adds them up.`;
const COLOURED = "printf '\\033[31mred alert\\033[0m then \\033[1;32mgreen bold\\033[0m\\n'";

let held = heldAnswerScript();
/** Holds the tool call's stream (before its arguments arrive) until the test opens it. */
let toolGate: Gate = createGate();

function textOf(request: MessagesRequest): string {
  const last = request.messages.at(-1);
  return typeof last?.content === 'string' ? last.content : JSON.stringify(last?.content ?? '');
}

function reply(request: MessagesRequest): ReturnType<ModelScript> {
  const prompt = textOf(request);
  if (prompt.includes('tool_result')) return { blocks: [{ type: 'text', text: 'Done.' }] };
  if (prompt.includes('write the greeting')) {
    return { blocks: [{ type: 'tool_use', name: 'write_file', input: { path: 'src/greet.ts', content: SOURCE } }] };
  }
  if (prompt.includes('while I type')) {
    return {
      blocks: [{ type: 'tool_use', name: 'write_file', input: { path: 'typed.md', content: 'typed\n' } }],
      beforeDelta: (index) => (index === 0 ? toolGate.promise : undefined),
    };
  }
  if (prompt.includes('walk me through')) {
    return {
      blocks: [
        { type: 'thinking', thinking: 'The notes hold the answer.' },
        { type: 'text', text: 'The guide says so.', citations: [{ url: 'https://example.com/guide', title: 'The guide' }] },
        { type: 'tool_use', name: 'read_file', input: { path: 'notes.md' } },
      ],
    };
  }
  if (prompt.includes('colours')) return { blocks: [{ type: 'tool_use', name: 'shell_command', input: { command: COLOURED } }] };
  if (prompt.includes('streaming code')) {
    // Held after "Like this: ```ts const total ": the code block is open.
    return { blocks: [{ type: 'text', text: CODE_ANSWER }], beforeDelta: (index) => (index === 6 ? held.gate.promise : undefined) };
  }
  if (prompt.includes('some code')) return { blocks: [{ type: 'text', text: CODE_ANSWER }] };
  if (prompt.includes('fail')) return { error: { status: 529, type: 'overloaded_error', message: 'Overloaded' } };
  return held.script(request);
}

// One relay for the file: each test opens a new thread in it.
test.use({ relayScope: 'file', modelOptions: { script: reply } });

test.beforeEach(() => {
  held = heldAnswerScript();
  toolGate = createGate();
});

test.afterEach(() => {
  held.gate.open();
  toolGate.open();
});

async function openChat(baton: BatonPage): Promise<void> {
  await baton.open();
  await baton.newThread();
}

/** One line of text: the row is no taller than a line and its padding. */
async function expectOneLine(row: Locator): Promise<void> {
  const [box, lineHeight] = [await row.boundingBox(), await row.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight))];
  expect(box).toBeTruthy();
  expect(box?.height ?? 0).toBeLessThan(lineHeight * 1.9);
}

test('a turn reads as one answer: thoughts, words, a link and a tool call in the order they came, none in a box', async ({
  page,
  baton,
  workspace,
}) => {
  await workspace.write('notes.md', 'the notes\n');
  await openChat(baton);
  await baton.send('walk me through it');
  await expect(baton.assistantMessages.last()).toHaveText('Done.');
  await baton.expectTurnFinished();
  // Nothing hovered or focused: the row's hover tint is not its resting look.
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

  const answer = page.locator('[data-place="answer"]');
  const pieces = answer.locator('> [data-testid]:not([data-testid="entry-actions"])');
  await expect(pieces).toHaveCount(5);
  const order = await pieces.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-testid')));
  // The scripted model streams a citation before the words that cite it.
  expect(order).toEqual(['reasoning-block', 'link-card', 'message-assistant', 'tool-call-card', 'message-assistant']);
  await expect(pieces.nth(2)).toHaveText('The guide says so.');
  await expect(pieces.nth(3)).toHaveAttribute('data-tool-name', 'read_file');
  await expect(page.locator('[data-place="prompt"]')).toHaveCount(1);

  // A box: a background of its own, or a border on more than one side (a rule at the left is not).
  const boxes = await answer.evaluateAll((items) =>
    items
      .flatMap((item) => [
        item,
        ...item.querySelectorAll(':scope > [data-testid]:not([data-testid="entry-actions"]), [data-testid="tool-call-toggle"]'),
      ])
      .flatMap((element) => {
        const style = getComputedStyle(element);
        const sides = ['top', 'right', 'bottom', 'left'].filter(
          (side) =>
            parseFloat(style.getPropertyValue(`border-${side}-width`)) > 0 && style.getPropertyValue(`border-${side}-style`) !== 'none',
        );
        const background =
          style.backgroundColor === 'transparent' || style.backgroundColor === 'rgba(0, 0, 0, 0)'
            ? []
            : [`background ${style.backgroundColor}`];
        const border = sides.length > 1 ? [`border on ${sides.join(', ')}`] : [];
        return [...background, ...border].map((box) => `${element.getAttribute('data-testid') ?? 'entry'}: ${box}`);
      }),
  );
  expect(boxes).toEqual([]);
});

test('a change waits open with its diff highlighted and numbered; Enter approves it; it then folds to one line that opens on click', async ({
  page,
  baton,
}) => {
  await openChat(baton);
  await baton.send('write the greeting');
  const card = baton.toolCard('write_file');
  await expect(card).toHaveAttribute('data-status', 'waiting-approval');
  const toggle = card.getByTestId('tool-call-toggle');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(card.getByTestId('tool-call-status')).toHaveText('Waiting for approval');
  // It took the focus when it came (the composer was empty), and says which keys answer it.
  await expect(card).toBeFocused();
  await expect(card.getByTestId('approval-key-hint')).toHaveText('Enter approve · Esc reject');

  // The diff, not the arguments that repeat it: those are one click away.
  const diff = card.getByTestId('tool-call-diff');
  await expect(diff).toContainText('+export function greet(name: string): string {');
  await expect(card.getByTestId('tool-call-arguments')).toHaveCount(0);
  await expect(diff.getByTestId('diff-new-number')).toHaveText(['1', '2', '3']);
  await expect(diff).toHaveAttribute('data-highlighted', 'true');
  const keyword = diff
    .locator('span[style]')
    .filter({ hasText: /^export$/ })
    .first();
  await expect(keyword).toBeVisible();
  const plainColour = await diff.evaluate((element) => getComputedStyle(element).color);
  expect(await keyword.evaluate((element) => getComputedStyle(element).color)).not.toBe(plainColour);
  await card.getByText('Arguments', { exact: true }).click();
  await expect(card.getByTestId('tool-call-arguments')).toContainText('"path": "src/greet.ts"');

  // Back on the card (a click on Arguments took the focus), Enter approves.
  await card.focus();
  await page.keyboard.press('Enter');
  await expect(card).toHaveAttribute('data-status', 'succeeded');
  await expect(baton.assistantMessages.last()).toHaveText('Done.');

  // Settled: one line with its status, tool, path and duration; a click opens it, another folds it.
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(card.getByTestId('tool-call-diff')).toHaveCount(0);
  await expectOneLine(toggle);
  await expect(toggle).toContainText('write_file');
  await expect(toggle).toContainText('greet.ts');
  await expect(card.getByTestId('tool-call-duration')).toHaveText(/^\d+(\.\d)? (ms|s)$/);
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(card.getByTestId('tool-call-diff')).toContainText('Hello, ${name}!');
  await toggle.click();
  await expect(card.getByTestId('tool-call-diff')).toHaveCount(0);
});

test('an approval card takes the focus when it comes unless the user is typing; Esc rejects it', async ({ page, baton }) => {
  await openChat(baton);
  await baton.send('write the greeting');
  const first = baton.toolCard('write_file');
  await expect(first).toHaveAttribute('data-status', 'waiting-approval');
  await expect(first).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(first).toHaveAttribute('data-status', 'rejected');
  await expect(first.getByTestId('tool-call-status')).toHaveText('Rejected');

  await baton.newThread();
  await baton.send('write it while I type');
  await baton.composer.fill('my next question');
  toolGate.open();
  const second = baton.toolCard('write_file');
  await expect(second).toHaveAttribute('data-status', 'waiting-approval');
  await expect(baton.composer).toBeFocused();
  await expect(baton.composer).toHaveValue('my next question');
  await second.focus();
  await page.keyboard.press('Escape');
  await expect(second).toHaveAttribute('data-status', 'rejected');
  await expect(baton.composer).toHaveValue('my next question');
});

test('a command’s output is a terminal block with its ANSI colours as coloured text', async ({ page, baton }) => {
  await openChat(baton);
  await baton.send('show me colours');
  const card = baton.toolCard('shell_command');
  await expect(card).toHaveAttribute('data-status', 'waiting-approval');
  await card.getByTestId('approve-tool-call').click();
  await expect(card).toHaveAttribute('data-status', 'succeeded');
  await card.getByTestId('tool-call-toggle').click();
  const output = card.getByTestId('tool-call-output');
  await expect(output).toContainText('red alert then green bold');
  expect(await output.innerText()).not.toContain('\u001b');
  const red = output.locator('[data-ansi-foreground="red"]');
  const green = output.locator('[data-ansi-foreground="bright-green"], [data-ansi-foreground="green"]');
  await expect(red).toHaveText('red alert');
  await expect(green).toHaveText('green bold');
  const colours = await Promise.all([output, red, green].map((locator) => locator.evaluate((element) => getComputedStyle(element).color)));
  expect(new Set(colours).size).toBe(3);
  expect(await green.evaluate((element) => getComputedStyle(element).fontWeight)).toBe('700');
});

test('a code block in an answer is highlighted and its copy button copies the code', async ({ page, context, baton, relay }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: relay.origin });
  await openChat(baton);
  await baton.send('show me some code');
  await expect(baton.assistantMessages.last()).toContainText('That adds them up.');
  const block = baton.assistantMessages.last().getByTestId('code-block');
  await expect(block).toHaveAttribute('data-highlighted', 'true');
  await expect(block).toHaveAttribute('data-language', 'ts');
  const keyword = block
    .locator('code span[style]')
    .filter({ hasText: /^const$/ })
    .first();
  await expect(keyword).toBeVisible();
  await block.getByRole('button', { name: 'Copy code' }).click();
  await expect(block.getByTestId('copy-button')).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(CODE);
});

test('a code block still streaming stays plain, and is highlighted once it closes', async ({ page, baton }) => {
  await openChat(baton);
  await baton.send('show me streaming code');
  const block = baton.assistantMessages.last().getByTestId('code-block');
  await expect(block).toContainText('const total');
  await expect(block).toHaveAttribute('data-streaming', 'true');
  await expect(block.locator('code span[style]')).toHaveCount(0);
  expect(await block.getAttribute('data-highlighted')).toBeNull();
  held.gate.open();
  await expect(baton.assistantMessages.last()).toContainText('That adds them up.');
  await expect(block).toHaveAttribute('data-highlighted', 'true');
  expect(await block.getAttribute('data-streaming')).toBeNull();
});

test('a stopped turn is marked once, where it stopped', async ({ page, baton }) => {
  await openChat(baton);
  await baton.send('tell me the news');
  await expect(baton.assistantMessages.first()).toContainText('Here is');
  await baton.stopButton.click();
  await baton.expectTurnFinished();
  await expect(page.getByTestId('turn-outcome')).toHaveText(['Stopped by you']);
  await expect(page.getByText(/stopped/i)).toHaveCount(1);
  await expect(page.getByTestId('turn-error')).toHaveCount(0);
  await expect(page.getByTestId('turn-failure')).toHaveCount(0);
});

test('a failed turn is one block where it failed, saying what to do', async ({ page, baton }) => {
  await openChat(baton);
  await baton.send('please fail');
  const failure = page.getByTestId('turn-failure');
  await expect(failure).toHaveCount(1);
  await expect(failure).toContainText('The turn failed');
  await expect(failure).toContainText('overloaded (529)');
  await expect(failure).toContainText('Send your message again to retry');
  await baton.expectTurnFinished();
  await expect(page.getByText(/turn failed/i)).toHaveCount(1);
  await expect(page.getByTestId('turn-outcome')).toHaveCount(0);
  await expect(page.getByTestId('turn-error')).toHaveCount(0);
});
