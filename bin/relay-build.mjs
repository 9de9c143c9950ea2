/**
 * Compiles the relay (server/, TypeScript) into one JavaScript file with esbuild, the compiler tsx
 * itself uses, when there is none yet or a source changed since; later starts load that file with
 * plain Node. Running the sources through tsx's loader instead cost every start about a second
 * and the relay some 50 MiB for as long as it ran (a loader thread holding every compiled
 * module). Packages stay outside the bundle, loaded from node_modules as before.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const PROJECT_ROOT = fileURLToPath(new URL('../', import.meta.url));
const ENTRY = path.join(PROJECT_ROOT, 'server', 'cli.ts');
const BUILD_FOLDER = path.join(PROJECT_ROOT, '.relay-build');
const BUNDLE = path.join(BUILD_FOLDER, 'relay.mjs');
/** What the relay is made of: a change to any of these makes a new bundle. */
const RELAY_SOURCES = ['server', 'lib', 'package.json', 'tsconfig.json', 'bin/relay-build.mjs'];

/** The bundle's path, built first when it is missing or older than a relay source. */
export async function ensureRelayBuild() {
  if (existsSync(BUNDLE) && statSync(BUNDLE).mtimeMs >= newestSourceMtime()) return BUNDLE;
  const { build, stop } = await import('esbuild');
  // Written in a folder beside the build folder (so the map's relative paths to the sources hold
  // in both) and renamed over the bundle, so a relay starting meanwhile never loads half.
  const partialFolder = `${BUILD_FOLDER}-${process.pid}.partial`;
  const partial = path.join(partialFolder, path.basename(BUNDLE));
  await build({
    entryPoints: [ENTRY],
    outfile: partial,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: `node${process.versions.node.split('.')[0]}`,
    packages: 'external',
    logLevel: 'warning',
    plugins: [sourceLocations],
    // A stack trace names the TypeScript file and line (bin/relay-stack-traces.mjs reads the map).
    sourcemap: 'linked',
    sourcesContent: false,
  });
  // esbuild keeps a service process of its own until told otherwise; the relay runs for hours.
  await stop();
  // The map first: the bundle's last line names it, and a bundle is only ever seen complete.
  mkdirSync(BUILD_FOLDER, { recursive: true });
  renameSync(`${partial}.map`, `${BUNDLE}.map`);
  renameSync(partial, BUNDLE);
  rmSync(partialFolder, { recursive: true, force: true });
  return BUNDLE;
}

/**
 * Each module keeps its own `import.meta.url`: the relay finds its migrations, its worker scripts
 * and the UI build relative to the source file that names them, wherever the bundle lives.
 */
const sourceLocations = {
  name: 'source-locations',
  setup(build) {
    build.onLoad({ filter: /\.[cm]?tsx?$/ }, (args) => ({
      contents: readFileSync(args.path, 'utf8').replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
      loader: args.path.endsWith('x') ? 'tsx' : 'ts',
    }));
  },
};

function newestSourceMtime() {
  let newest = 0;
  const visit = (target) => {
    if (!existsSync(target)) return;
    const stats = statSync(target);
    newest = Math.max(newest, stats.mtimeMs);
    if (!stats.isDirectory()) return;
    for (const name of readdirSync(target)) {
      if (name === 'node_modules' || /\.test\.tsx?$/.test(name)) continue;
      visit(path.join(target, name));
    }
  };
  for (const source of RELAY_SOURCES) visit(path.join(PROJECT_ROOT, source));
  return newest;
}
