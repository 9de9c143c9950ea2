/**
 * `npm install && node bin/baton.mjs` (or `npm start`) in a fresh clone starts Baton on its own source folder. The terminal
 * says how to point it at your project, and the page asks which project the agent should work on
 * and shows the command that restarts Baton there. A start with --workspace asks nothing.
 */
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures/baton-test';
import { BatonPage } from './support/baton-page';

const BATON_CHECKOUT = fileURLToPath(new URL('../', import.meta.url));
const QUESTION = 'Baton was started in its own source folder. Which project should the agent work on?';

// The offline demo, and the data folder outside Baton's checkout: the workspace holds only that.
test.use({ relayOptions: { offlineDemo: true }, workspaceOptions: { dataFolder: 'data' } });

test("started in its own checkout without --workspace, Baton asks for the user's project", async ({ page, startRelay }) => {
  // No --workspace: the relay starts in Baton's checkout, as the README's start does without it; the data folder stays outside it.
  const relay = await startRelay({ workspaceRoot: null });
  await expect.poll(() => relay.stderr()).toContain("started in Baton's own source folder, so the agent works on Baton itself");

  const baton = new BatonPage(page);
  await baton.open(relay.url);
  const panel = page.getByTestId('own-source-panel');
  await expect(panel.getByRole('heading')).toHaveText(QUESTION);
  const field = panel.getByLabel('Project folder');
  const show = panel.getByRole('button', { name: 'Show how to start on it' });

  await field.fill('my-project');
  await show.click();
  await expect(panel.getByTestId('own-source-problem')).toHaveText(
    'Give the whole path, starting with / or ~/ (for example ~/my-project).',
  );
  await expect(panel.getByTestId('own-source-command')).toHaveCount(0);

  await field.fill('~/my shop');
  await show.click();
  await expect(panel.getByTestId('own-source-command')).toHaveText("node bin/baton.mjs --workspace ~/'my shop'");
  await expect(panel.getByTestId('own-source-problem')).toHaveCount(0);
  // Read by a screen reader and legible in the page's colours, like the rest of the page (accessibility.spec.ts).
  const { violations } = await new AxeBuilder({ page }).include('[data-testid="own-source-panel"]').analyze();
  expect(
    violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id),
  ).toEqual([]);

  await panel.getByRole('button', { name: 'Work on Baton itself' }).click();
  await expect(panel).toHaveCount(0);
});

test('started with --workspace, Baton asks nothing, even on its own checkout', async ({ page, startRelay }) => {
  const relay = await startRelay({ workspaceRoot: BATON_CHECKOUT });
  const baton = new BatonPage(page);
  await baton.open(relay.url);
  // The offline demo banner comes with the same config/updated that would carry the question.
  await expect(page.getByTestId('offline-demo-banner')).toBeVisible();
  await expect(page.getByTestId('own-source-panel')).toHaveCount(0);
  expect(relay.stderr()).not.toContain("Baton's own source folder");
});
