#!/usr/bin/env node
/**
 * `node scripts/build-highlight-worker.mjs` (`npm run build`'s second step): bundles the
 * highlighting worker into the UI build's folder, which `next build` has just emptied. The bundling
 * itself is the relay's (server/relay/build-highlight-worker.mjs), which does the same on start.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildHighlightWorker } from '../server/relay/build-highlight-worker.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
await buildHighlightWorker(root, path.join(root, 'out'));
