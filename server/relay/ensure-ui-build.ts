/**
 * Builds the Next.js UI when there is no build yet or a UI source changed since the last one, so
 * that `npm start` on a fresh clone (or after an update) serves what the sources say. The build is
 * a static export (`output: 'export'` in next.config.js) into UI_BUILD_FOLDER, which the relay
 * serves itself (./static-ui-handler.ts), and the highlighting worker beside it (`npm run build`'s
 * two steps).
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { buildHighlightWorker, HIGHLIGHT_WORKER_ENTRY } from '../../scripts/build-highlight-worker.mjs';
import { withoutRelaySecrets } from '../process/relay-secrets';
import { PROJECT_ROOT } from './project-root';

const UI_SOURCES = [
  'app',
  'components',
  'stores',
  'lib',
  'public',
  'instrumentation-client.ts',
  'next.config.js',
  'package.json',
];

/** Where `next build` writes the static export (Next.js's own default for `output: 'export'`). */
export const UI_BUILD_FOLDER = path.join(PROJECT_ROOT, 'out');

export async function ensureUiBuild(log: (message: string) => void): Promise<void> {
  // Written last by the export; a build from before the static export has none.
  const appPage = path.join(UI_BUILD_FOLDER, 'index.html');
  const built = existsSync(appPage) && existsSync(path.join(UI_BUILD_FOLDER, HIGHLIGHT_WORKER_ENTRY));
  if (built && statSync(appPage).mtimeMs >= newestSourceMtime()) return;
  log('building the UI (first start or sources changed; this takes a minute)…');
  const nextBin = createRequire(import.meta.url).resolve('next/dist/bin/next');
  // Started without the launcher, this process's own environment may hold the relay's secrets.
  const env: Record<string, string> = { ...withoutRelaySecrets(process.env), NEXT_TELEMETRY_DISABLED: '1' };
  await new Promise<void>((resolve, reject) => {
    // Build output goes to stderr: stdout carries only the ready line that scripts wait for.
    const child = spawn(process.execPath, [nextBin, 'build'], {
      cwd: PROJECT_ROOT,
      stdio: ['ignore', process.stderr, process.stderr],
      // Next.js's typings make NODE_ENV required on ProcessEnv; the build sets it for itself.
      env: env as NodeJS.ProcessEnv,
    });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`next build exited with ${code}`))));
  });
  await buildHighlightWorker(PROJECT_ROOT, UI_BUILD_FOLDER);
}

function newestSourceMtime(): number {
  let newest = 0;
  const visit = (target: string) => {
    if (!existsSync(target)) return;
    const stats = statSync(target);
    newest = Math.max(newest, stats.mtimeMs);
    if (!stats.isDirectory()) return;
    for (const name of readdirSync(target)) {
      if (name === 'node_modules' || name.endsWith('.test.ts') || name.endsWith('.test.tsx')) continue;
      visit(path.join(target, name));
    }
  };
  for (const source of UI_SOURCES) visit(path.join(PROJECT_ROOT, source));
  return newest;
}
