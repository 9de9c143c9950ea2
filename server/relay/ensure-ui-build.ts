/**
 * Builds the Next.js UI when there is no build yet or a UI source changed since the last one, so
 * that `npm start` on a fresh clone (or after an update) serves what the sources say. The build is
 * a static export (`output: 'export'` in next.config.js) into UI_BUILD_FOLDER, which the relay
 * serves itself (./static-ui-handler.ts), and the highlighting worker beside it (`npm run build`'s
 * two steps).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { buildHighlightWorker, HIGHLIGHT_WORKER_ENTRY } from './build-highlight-worker.mjs';
import { withoutRelaySecrets } from '../process/relay-secrets';
import { PROJECT_ROOT } from './project-root';
import { buildWithProgress } from './ui-build-progress';

const UI_SOURCES = ['app', 'components', 'stores', 'lib', 'public', 'instrumentation-client.ts', 'next.config.js', 'package.json'];

/** Where `next build` writes the static export (Next.js's own default for `output: 'export'`). */
export const UI_BUILD_FOLDER = path.join(PROJECT_ROOT, 'out');

export async function ensureUiBuild(log: (message: string) => void): Promise<void> {
  // Written last by the export; a build from before the static export has none.
  const appPage = path.join(UI_BUILD_FOLDER, 'index.html');
  const built = existsSync(appPage) && existsSync(path.join(UI_BUILD_FOLDER, HIGHLIGHT_WORKER_ENTRY));
  const sourcesChanged = built && statSync(appPage).mtimeMs < newestSourceMtime();
  if (built && !sourcesChanged) return;
  const nextBin = createRequire(import.meta.url).resolve('next/dist/bin/next');
  // Started without the launcher, this process's own environment may hold the relay's secrets.
  const env = { ...withoutRelaySecrets(process.env), NEXT_TELEMETRY_DISABLED: '1' };
  await buildWithProgress(
    [
      { file: process.execPath, args: [nextBin, 'build'], cwd: PROJECT_ROOT, env },
      () => buildHighlightWorker(PROJECT_ROOT, UI_BUILD_FOLDER),
    ],
    { log, reason: sourcesChanged ? "the page's sources changed since its last build" : 'first start' },
  );
}

function newestSourceMtime(): number {
  let newest = 0;
  const visit = (target: string) => {
    if (!existsSync(target)) return;
    const stats = statSync(target);
    // Files only: a folder's time changes when a test file is added to it, which changes no page.
    // (A page source removed is seen by the file that stopped importing it.)
    if (!stats.isDirectory()) {
      newest = Math.max(newest, stats.mtimeMs);
      return;
    }
    for (const name of readdirSync(target)) {
      if (name === 'node_modules' || name.endsWith('.test.ts') || name.endsWith('.test.tsx')) continue;
      visit(path.join(target, name));
    }
  };
  for (const source of UI_SOURCES) visit(path.join(PROJECT_ROOT, source));
  return newest;
}
