import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './e2e/support/chromium-launch';

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  // Each test starts its own relay; two cores are better spent one test at a time.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 20_000 },
  // Screenshot references (e2e/screenshots.spec.ts) live in one readable folder, named by the test.
  snapshotPathTemplate: '{testDir}/screenshots/{arg}{ext}',
  // A missing or different reference fails; only `--update-snapshots` on the command line writes
  // one (Playwright's own default would write a missing reference and leave it for the next run to pass).
  updateSnapshots: 'none',
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_LAUNCH.executablePath, args: [...CHROMIUM_LAUNCH.args] },
    trace: 'off',
  },
});
