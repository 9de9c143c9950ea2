#!/usr/bin/env node
/**
 * `npm install`'s last step: joins the Anthropic SDK into one file for the model's worker
 * (server/agents/builtin/anthropic-sdk-bundle.mjs says why). Optional: without it the worker imports
 * the package as it is and only starts slower, so a failed build says why in one line and the
 * install goes on.
 */
import { fileURLToPath } from 'node:url';
import { buildAnthropicSdkBundle } from '../server/agents/builtin/anthropic-sdk-bundle.mjs';

const projectRoot = fileURLToPath(new URL('../', import.meta.url));
try {
  await buildAnthropicSdkBundle(projectRoot);
} catch (error) {
  console.log(`baton: the model SDK is not bundled (${error instanceof Error ? error.message : String(error)}); Baton runs without it`);
}
