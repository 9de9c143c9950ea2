/**
 * The sandbox as a user meets it in the browser: a shell command's card says which boundary it
 * runs in before it is approved, the command is held by it, and the label reads well in the light
 * and dark themes and on a phone, whether the sandbox holds or the config turned it off.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { ModelScript } from '../server/demo-model/scripted-reply';
import { expect, test } from './fixtures/baton-test';
import { expectInsideViewport, expectTextNotClipped } from './support/layout-checks';

const outside = `/var/tmp/baton-e2e-sandbox-${randomUUID()}`;
const COMMAND = `cat .baton/config.json; touch ${outside}; echo finished`;

/** Runs COMMAND once, then says "All done." */
const runCommand: ModelScript = (request) =>
  request.messages.some((message) => message.role === 'assistant')
    ? { blocks: [{ type: 'text', text: 'All done.' }] }
    : { blocks: [{ type: 'tool_use', name: 'shell_command', input: { command: COMMAND } }] };

// The sandbox turned off, unless a test turns it on.
test.use({ modelOptions: { script: runCommand }, workspaceOptions: { config: { sandbox: { enabled: false } } } });

/** Of the boundary labels alone: the card around them is another part's to check. */
async function contrastViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .include('[data-testid="tool-call-boundary"]')
    .withRules(['color-contrast'])
    .analyze();
  return violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

test.afterEach(() => rm(outside, { force: true }));

for (const theme of ['light', 'dark'] as const) {
  test.describe(() => {
    test.use({ workspaceOptions: { config: { sandbox: { enabled: true } } } });

    test(`in the ${theme} theme the card says "sandboxed" before approval, and the command cannot leave the workspace`, async ({
      page,
      baton,
    }) => {
      await page.emulateMedia({ colorScheme: theme });
      await baton.open();
      await baton.send('run it');
      const card = baton.toolCard('shell_command');
      await expect(card).toHaveAttribute('data-status', 'waiting-approval');
      await expect(card.getByTestId('tool-call-boundary')).toHaveText('sandboxed');
      expect(await contrastViolations(page)).toEqual([]);

      await card.getByTestId('approve-tool-call').click();
      await expect(card).toHaveAttribute('data-status', 'succeeded');
      await card.getByTestId('tool-call-toggle').click();
      await expect(card.getByTestId('tool-call-output')).toContainText('Read-only file system');
      await expect(card.getByTestId('tool-call-output')).toContainText('finished');
      await expect(card.getByTestId('tool-call-output')).not.toContainText('{"sandbox"');
      expect(existsSync(outside)).toBe(false);
      await expect(card.getByTestId('tool-call-boundary')).toHaveText('sandboxed');
    });
  });

  test(`in the ${theme} theme a card says "not sandboxed: turned off by config", marked, when the config turns it off`, async ({
    page,
    baton,
  }) => {
    await page.emulateMedia({ colorScheme: theme });
    await baton.open();
    await baton.send('run it');
    const card = baton.toolCard('shell_command');
    const label = card.getByTestId('tool-call-boundary');
    await expect(label).toHaveText('not sandboxed: turned off by config');
    await expect(label).toHaveAttribute('data-sandboxed', 'false');
    expect(await contrastViolations(page)).toEqual([]);
    await card.getByTestId('approve-tool-call').click();
    await expect(card).toHaveAttribute('data-status', 'succeeded');
    expect(existsSync(outside)).toBe(true);
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the label has a line of its own under the summary, whole and on screen', async ({ page, baton }) => {
    await baton.open();
    await baton.send('run it');
    const card = baton.toolCard('shell_command');
    const label = card.getByTestId('tool-call-boundary');
    await expect(label).toHaveText('not sandboxed: turned off by config');
    await expectInsideViewport(page, label);
    await expectTextNotClipped(label);
    const summary = await card.getByTestId('tool-call-summary').boundingBox();
    const labelBox = await label.boundingBox();
    expect(labelBox!.y).toBeGreaterThanOrEqual(summary!.y + summary!.height - 1);
    // The summary keeps the row's width instead of being squeezed by the label.
    expect(summary!.width).toBeGreaterThan(200);
  });
});
