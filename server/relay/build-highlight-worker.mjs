/**
 * Bundles the highlighting worker (components/highlight/highlight-worker.ts) into the UI build's
 * `highlight-worker/` folder with esbuild: an ES module worker whose grammars are chunks of their
 * own, fetched by import() relative to the worker's own address, so it also works behind a
 * proxy's path prefix. (Next.js bundles workers too, but its worker fetches chunks through the
 * page's relative asset prefix `./_next/`, which from the worker's address names nothing.)
 * The relay runs it after its own `next build` (ensure-ui-build.ts); `npm run build` runs it through
 * scripts/build-highlight-worker.mjs. Plain JavaScript, so that script needs no TypeScript loader.
 */
import path from 'node:path';

/** The worker's folder in the UI build, and its entry there: the address the page starts it from. */
export const HIGHLIGHT_WORKER_ENTRY = 'highlight-worker/highlight-worker.js';

/**
 * `projectRoot` is named by the caller: bundled into the relay (bin/relay-build.mjs), this module's
 * own `import.meta.url` is the bundle's.
 */
export async function buildHighlightWorker(projectRoot, uiBuildFolder) {
  const { build } = await import('esbuild');
  await build({
    entryPoints: { 'highlight-worker': path.join(projectRoot, 'components/highlight/highlight-worker.ts') },
    outdir: path.join(uiBuildFolder, path.dirname(HIGHLIGHT_WORKER_ENTRY)),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    // The precompiled grammars use the regular expressions' `v` flag.
    target: 'es2024',
    minify: true,
    chunkNames: 'chunks/[name]-[hash]',
    logLevel: 'warning',
  });
}
