/**
 * Baton's VS Code extension inside real code-server (npm's code-server, installed into
 * .cache/code-server by scripts/install-code-server.sh): the .vsix the project packs is installed
 * with `code-server --install-extension`, the "Baton" view starts the relay for the open folder and
 * frames its page through code-server's `/proxy/<port>/` path, the token arrives by postMessage,
 * and the editor's "Add Selection to Context" puts a chip in the composer.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FrameLocator, Page } from '@playwright/test';
import { test as baton, expect, type Workspace } from './fixtures/baton-test';
import { type CodeServer, installCodeServer, packageExtension, startCodeServer } from './support/code-server';

const PROJECT_ROOT = fileURLToPath(new URL('../', import.meta.url));
const SAMPLE_LINES = [
  'export function greet(name: string): string {',
  "  const greeting = 'Hello';",
  '  return `${greeting}, ${name}!`;',
  '}',
  '',
];

/**
 * `codeServer`, with the extension installed, on the test's workspace; the relay is the one its
 * Baton view starts, not a fixture's. Installed once per worker, started per test, stopped after.
 */
const test = baton.extend<{ codeServer: CodeServer }, { installed: { launcher: string; vsix: string } }>({
  installed: [
    // The first install builds code-server's native modules (minutes); later runs find it in the cache.
    async ({}, use) => use({ launcher: installCodeServer(), vsix: packageExtension() }),
    { scope: 'worker', timeout: 20 * 60_000 },
  ],
  // After the workspace: it is removed only once code-server, and the relay its view started, have stopped.
  codeServer: async ({ installed, workspace: _workspace }, use) => {
    const codeServer = await startCodeServer({
      ...installed,
      settings: {
        // Baton from this repository, on the Node.js its native modules were built for.
        'baton.launcherPath': path.join(PROJECT_ROOT, 'bin', 'baton.mjs'),
        'baton.nodePath': process.execPath,
        'workbench.startupEditor': 'none',
        'workbench.tips.enabled': false,
        'telemetry.telemetryLevel': 'off',
        'extensions.autoCheckUpdates': false,
        'extensions.autoUpdate': false,
        'chat.disableAIFeatures': true,
      },
    });
    try {
      await use(codeServer);
    } finally {
      await codeServer.stop();
    }
  },
});

test.describe.configure({ mode: 'serial' });

test.use({
  workspaceOptions: { files: { 'README.md': '# Sample project\n\nA workspace for the demo.\n', 'src/greet.ts': SAMPLE_LINES.join('\n') } },
});

/** The Baton page inside the view: code-server's webview frame, its content frame, then Baton's frame. */
function batonFrame(page: Page): FrameLocator {
  return page.frameLocator('iframe.webview').frameLocator('#active-frame').frameLocator('#baton-frame');
}

async function openBatonView(page: Page, codeServer: CodeServer, workspace: Workspace): Promise<void> {
  await page.goto(codeServer.workbenchUrl(workspace.path));
  await expect(page.locator('.monaco-workbench')).toBeVisible();
  await page.locator('.activitybar a.action-label[aria-label="Baton"]').click();
}

async function runCommand(page: Page, title: string): Promise<void> {
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await expect(input).toBeVisible();
  await input.fill(`>${title}`);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first().click();
}

/**
 * Chooses an item of the workbench's context menu with the keyboard. A mouse click is dropped
 * without a trace if it comes before the item takes mouse-ups (a timer of the menu's own, so that
 * the right-button release that opened it runs nothing), which fires late on a loaded machine; the
 * keyboard runs the item the pointer has focused, as soon as it has.
 */
async function chooseMenuItem(page: Page, name: string): Promise<void> {
  const item = page.getByRole('menuitem', { name });
  await item.hover();
  await expect(item).toBeFocused();
  await page.keyboard.press('Enter');
}

test('the Baton view starts the relay for the folder and frames it through code-server, allowed by that origin', async ({
  page,
  request,
  codeServer,
  workspace,
}) => {
  await openBatonView(page, codeServer, workspace);
  const frameElement = page.frameLocator('iframe.webview').frameLocator('#active-frame').locator('#baton-frame');
  await expect(frameElement).toHaveAttribute('src', new RegExp(`^${codeServer.origin}/proxy/\\d+/\\?embed=1$`));
  const source = (await frameElement.getAttribute('src')) ?? '';
  const relayPort = /\/proxy\/(\d+)\//.exec(source)?.[1];
  // The relay itself, on its own port: it lets exactly the page's ancestors (code-server) frame it.
  const ownPort = await request.get(`http://127.0.0.1:${relayPort}/`);
  expect(ownPort.headers()['content-security-policy']).toContain(`frame-ancestors 'self' ${codeServer.origin}`);
  expect(existsSync(path.join(workspace.path, '.baton', 'relay.lock'))).toBe(true);

  // The page inside the view: connected with the token the view handed over, in its embed layout.
  const baton = batonFrame(page);
  await expect(baton.getByTestId('connection-status')).toHaveAttribute('data-state', 'connected');
  await expect(baton.getByTestId('offline-demo-banner')).toContainText(/offline demo model/i);
});

test('the whole demo turn runs inside code-server, approval included', async ({ page, codeServer, workspace }) => {
  await openBatonView(page, codeServer, workspace);
  const baton = batonFrame(page);
  await expect(baton.getByTestId('connection-status')).toHaveAttribute('data-state', 'connected');
  const composer = baton.getByTestId('composer-input');
  await composer.fill('Show me what you can do');
  await composer.press('Enter');
  const writeCard = baton.locator('[data-testid="tool-call-card"][data-tool-name="write_file"]');
  await expect(writeCard).toHaveAttribute('data-status', 'waiting-approval');
  expect(existsSync(path.join(workspace.path, 'baton-demo.md'))).toBe(false);
  await writeCard.getByTestId('approve-tool-call').click();
  await expect(writeCard).toHaveAttribute('data-status', 'succeeded');
  await expect(baton.getByTestId('message-assistant').last()).toContainText('Done: I wrote baton-demo.md');
  expect(await readFile(path.join(workspace.path, 'baton-demo.md'), 'utf8')).toContain('> Show me what you can do');
});

test('"Add Selection to Context" puts the selected lines in the composer as a chip', async ({ page, codeServer, workspace }) => {
  await openBatonView(page, codeServer, workspace);
  const baton = batonFrame(page);
  await expect(baton.getByTestId('connection-status')).toHaveAttribute('data-state', 'connected');

  // Open src/greet.ts and select its lines 2 and 3 as a user would.
  await runCommand(page, 'Go to File');
  await page.locator('.quick-input-widget input').fill('greet.ts');
  await page.locator('.quick-input-list .monaco-list-row', { hasText: 'greet.ts' }).first().click();
  const secondLine = page.locator('.editor-instance .view-line', { hasText: 'const greeting' });
  await expect(secondLine).toBeVisible();
  await secondLine.click();
  // Expand Line Selection, twice: lines 2 and 3, whole.
  await page.keyboard.press('Control+L');
  await page.keyboard.press('Control+L');
  await expect(page.locator('.statusbar')).toContainText(/Ln 4, Col 1 \(\d+ selected\)/);
  // The editor's context menu offers it on a selection.
  await secondLine.click({ button: 'right' });
  await chooseMenuItem(page, 'Add Selection to Context');

  const chip = baton.getByTestId('context-chip');
  await expect(chip).toHaveAttribute('data-context-type', 'file');
  await expect(chip.getByRole('button', { name: 'Remove src/greet.ts:2-3', exact: true })).toBeVisible();

  await runCommand(page, 'Baton: Add File to Context');
  await expect(baton.getByTestId('context-chip')).toHaveCount(2);
  await expect(baton.getByRole('button', { name: 'Remove src/greet.ts', exact: true })).toBeVisible();
});
