/**
 * Compiles the relay (server/, TypeScript) into JavaScript with esbuild, the compiler tsx itself
 * uses, when there is none yet or a source changed since; later starts load it with plain Node.
 * Running the sources through tsx's loader instead cost every start about a second and the relay
 * some 50 MiB for as long as it ran (a loader thread holding every compiled module). Packages stay
 * outside the bundle, loaded from node_modules as before.
 *
 * Split into chunks: what the relay imports only when needed (a team's Redis and PostgreSQL
 * drivers, Web Push, the agents' SDKs, zip readers...) is a chunk of its own, loaded then. In one
 * file, every package any of those modules imports became a static import of the whole bundle,
 * loaded at start: some 30 MiB of an idle relay's memory.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const PROJECT_ROOT = fileURLToPath(new URL('../', import.meta.url));
const ENTRY = path.join(PROJECT_ROOT, 'server', 'cli.ts');
const BUILD_FOLDER = path.join(PROJECT_ROOT, '.relay-build');
const ENTRY_NAME = 'relay';
const BUNDLE = path.join(BUILD_FOLDER, `${ENTRY_NAME}.mjs`);
const CHUNKS = 'chunks';
/** What the relay is made of: a change to any of these makes a new bundle. */
const RELAY_SOURCES = ['server', 'lib', 'package.json', 'tsconfig.json', 'bin/relay-build.mjs'];

/** esbuild's options for the relay, written into `outdir` (shared with the test of what loads at start). */
export function relayBuildOptions(outdir) {
  return {
    entryPoints: { [ENTRY_NAME]: ENTRY },
    outdir,
    bundle: true,
    splitting: true,
    chunkNames: `${CHUNKS}/[name]-[hash]`,
    outExtension: { '.js': '.mjs' },
    platform: 'node',
    format: 'esm',
    target: `node${process.versions.node.split('.')[0]}`,
    packages: 'external',
    logLevel: 'warning',
    plugins: [sourceLocations],
    // A stack trace names the TypeScript file and line (bin/relay-stack-traces.mjs reads the maps).
    sourcemap: 'linked',
    sourcesContent: false,
  };
}

/** The bundle's entry path, built first when it is missing or older than a relay source. */
export async function ensureRelayBuild() {
  if (existsSync(BUNDLE) && statSync(BUNDLE).mtimeMs >= newestSourceMtime()) return BUNDLE;
  const { build, stop } = await import('esbuild');
  // Written in a folder beside the build folder (so the maps' relative paths to the sources hold
  // in both), then moved in: the chunks first, the entry last, so a relay starting meanwhile never
  // loads half. A chunk's name holds a hash of its content, so a relay still running an older
  // build keeps finding the chunks it loads later; chunks are never overwritten, only added.
  const partialFolder = `${BUILD_FOLDER}-${process.pid}.partial`;
  await build(relayBuildOptions(partialFolder));
  // esbuild keeps a service process of its own until told otherwise; the relay runs for hours.
  await stop();
  const chunks = path.join(BUILD_FOLDER, CHUNKS);
  mkdirSync(chunks, { recursive: true });
  const built = new Set(readdirSync(path.join(partialFolder, CHUNKS)));
  for (const name of built) {
    const target = path.join(chunks, name);
    if (!existsSync(target)) renameSync(path.join(partialFolder, CHUNKS, name), target);
  }
  removeOldChunks(chunks, built);
  // The map first: the entry's last line names it, and an entry is only ever seen complete.
  renameSync(path.join(partialFolder, `${ENTRY_NAME}.mjs.map`), `${BUNDLE}.map`);
  renameSync(path.join(partialFolder, `${ENTRY_NAME}.mjs`), BUNDLE);
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

/** Chunks of older builds stay for relays still running them, a week at most. */
const OLD_CHUNK_MS = 7 * 24 * 60 * 60 * 1000;

function removeOldChunks(folder, built) {
  for (const name of readdirSync(folder)) {
    if (built.has(name)) continue;
    const file = path.join(folder, name);
    if (Date.now() - statSync(file).mtimeMs > OLD_CHUNK_MS) rmSync(file, { force: true });
  }
}

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
