/**
 * The Anthropic SDK joined into one file for the model's worker (model-stream-worker.mjs), built at
 * `npm install` (scripts/build-anthropic-sdk-bundle.mjs). The worker starts when a thread is
 * opened, and a prompt sent at once waits for it: importing the SDK as its some 360 modules was
 * most of that start (~200 ms), the one file takes ~65. It is the same SDK: esbuild only joins its
 * modules. Named by the SDK's version, so a bundle of another version than the one installed is
 * never loaded; without a bundle the worker imports the package as it is.
 *
 * Plain JavaScript, so the install script needs no TypeScript loader. `projectRoot` is named by the
 * caller: bundled into the relay (bin/relay-build.mjs), this module's own `import.meta.url` is the
 * bundle's.
 */
import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const SDK = '@anthropic-ai/sdk';

/** Where the bundle of the SDK installed under `projectRoot` is, built or not. */
export function anthropicSdkBundleFile(projectRoot) {
  return path.join(projectRoot, '.relay-build', `anthropic-sdk-${installedSdkVersion(projectRoot)}.mjs`);
}

/** What the worker imports: the bundle's address when it was built for the installed SDK, else the package's name. */
export function anthropicSdkModule(projectRoot) {
  const bundle = anthropicSdkBundleFile(projectRoot);
  return existsSync(bundle) ? pathToFileURL(bundle).href : SDK;
}

/** Builds the bundle (written aside, then moved in: a worker starting meanwhile never loads half). */
export async function buildAnthropicSdkBundle(projectRoot, outFile = anthropicSdkBundleFile(projectRoot)) {
  const { build } = await import('esbuild');
  const partial = `${outFile}.${process.pid}.partial`;
  try {
    await build({
      stdin: { contents: `export { default } from '${SDK}';`, resolveDir: projectRoot, loader: 'js' },
      outfile: partial,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: `node${process.versions.node.split('.')[0]}`,
      logLevel: 'warning',
    });
    renameSync(partial, outFile);
  } finally {
    rmSync(partial, { force: true });
  }
  return outFile;
}

/** The package's own package.json is not among its exports: it is found from the folder of its entry. */
function installedSdkVersion(projectRoot) {
  const entry = createRequire(path.join(projectRoot, 'package.json')).resolve(SDK);
  for (let folder = path.dirname(entry); folder !== path.dirname(folder); folder = path.dirname(folder)) {
    const manifest = path.join(folder, 'package.json');
    if (!existsSync(manifest)) continue;
    const { name, version } = JSON.parse(readFileSync(manifest, 'utf8'));
    if (name === SDK) return version;
  }
  throw new Error(`${SDK}'s package.json was not found above ${entry}`);
}
