/**
 * The project's import graph, file by file: who imports whom among the TypeScript sources, with
 * `import type`, `export … from` and `import()` counted alike (a type-only edge still ties two files'
 * reasons to change together). Its strongly connected components are the import cycles; folded onto
 * folders, it shows which folders lean on each other. Run it to list today's cycles:
 * `node --import tsx lib/testing/import-graph.ts`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const GRAPHED_FOLDERS = ['server', 'lib', 'stores', 'components', 'app'] as const;

/** File (relative to the root, `/`-separated) → the files it imports. */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

const SOURCE = /\.(ts|tsx|mts|cts)$/;
const EXTENSIONS = ['.ts', '.tsx', '.d.ts', '/index.ts', '/index.tsx'];

function sourcesUnder(folder: string): string[] {
  const absolute = path.join(ROOT, folder);
  if (!existsSync(absolute)) return [];
  return readdirSync(absolute, { recursive: true, encoding: 'utf8' })
    .filter((file) => SOURCE.test(file) && !file.split(path.sep).includes('node_modules'))
    .map((file) => path.posix.join(folder, file.split(path.sep).join('/')));
}

interface Aliases {
  readonly base: string;
  readonly patterns: ReadonlyArray<readonly [prefix: string, suffix: string, targets: readonly string[]]>;
}

/** tsconfig's `paths` (with `baseUrl`), so that `@/x`-style specifiers resolve like the compiler's. */
function readAliases(): Aliases {
  const { config } = ts.readConfigFile(path.join(ROOT, 'tsconfig.json'), ts.sys.readFile);
  const options = (config?.compilerOptions ?? {}) as { baseUrl?: string; paths?: Record<string, string[]> };
  const base = path.join(ROOT, options.baseUrl ?? '.');
  const patterns = Object.entries(options.paths ?? {}).map(([pattern, targets]) => {
    const [prefix = '', suffix = ''] = pattern.split('*');
    return [prefix, suffix, targets] as const;
  });
  return { base, patterns };
}

function candidates(specifier: string, importer: string, aliases: Aliases): string[] {
  if (specifier.startsWith('.')) return [path.resolve(ROOT, path.dirname(importer), specifier)];
  return aliases.patterns.flatMap(([prefix, suffix, targets]) => {
    if (!specifier.startsWith(prefix) || !specifier.endsWith(suffix) || specifier.length < prefix.length + suffix.length) return [];
    const star = specifier.slice(prefix.length, specifier.length - suffix.length);
    return targets.map((target) => path.resolve(aliases.base, target.replace('*', star)));
  });
}

function resolve(specifier: string, importer: string, aliases: Aliases, known: ReadonlySet<string>): string | undefined {
  for (const base of candidates(specifier, importer, aliases)) {
    // ESM-style specifiers name the emitted `.js`; the source is the `.ts` beside it.
    const stem = base.replace(/\.(m|c)?jsx?$/, '');
    for (const attempt of [base, ...EXTENSIONS.map((extension) => stem + extension)]) {
      const relative = path.relative(ROOT, attempt).split(path.sep).join('/');
      if (known.has(relative)) return relative;
    }
  }
  return undefined;
}

/** Builds the graph of the given folders; imports that lead outside them (packages, CSS) are left out. */
export function buildImportGraph(folders: readonly string[] = GRAPHED_FOLDERS): ImportGraph {
  const files = folders.flatMap(sourcesUnder);
  const known = new Set(files);
  const aliases = readAliases();
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(path.join(ROOT, file), 'utf8'), true, true);
    const targets = importedFiles
      .map((imported) => resolve(imported.fileName, file, aliases, known))
      .filter((target): target is string => target !== undefined && target !== file);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Tarjan's strongly connected components with more than one member: each is one import cycle. */
export function cyclesOf(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  let next = 0;
  // Iterative, so that a long import chain cannot overflow the call stack.
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; edge: number }> = [{ node: start, edge: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const edges = graph.get(frame.node) ?? [];
      if (frame.edge < edges.length) {
        const target = edges[frame.edge++]!;
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, edge: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.node);
      if (component.length > 1) found.push(component.sort());
    }
  }
  return found.sort((a, b) => b.length - a.length || a[0]!.localeCompare(b[0]!));
}

/** The imports from files under `from` to files under `to`, as `importer → imported` lines. */
export function importsBetween(graph: ImportGraph, from: string, to: string): string[] {
  const under = (file: string, folder: string) => file.startsWith(`${folder}/`);
  return [...graph].flatMap(([file, targets]) =>
    under(file, from) ? targets.filter((target) => under(target, to)).map((target) => `${file} → ${target}`) : [],
  );
}

/**
 * The folder that owns a file for the folder-level check: `server/hub` for `server/hub/x.ts` and for
 * `server/agents/acp/y.ts` alike (a feature folder's subfolders are its own inside), `server` for
 * `server/cli.ts`.
 */
export function owningFolder(file: string): string {
  const parts = file.split('/');
  return parts.slice(0, Math.min(2, parts.length - 1)).join('/');
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

/** The graph without test files: a test may reach into another folder to drive it for real. */
export function withoutTests(graph: ImportGraph): ImportGraph {
  return new Map(
    [...graph].filter(([file]) => !isTest(file)).map(([file, targets]) => [file, targets.filter((target) => !isTest(target))]),
  );
}

/** The graph folded onto owning folders: folder → the other folders its files import. */
export function folderGraph(graph: ImportGraph): ImportGraph {
  const folders = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    const from = owningFolder(file);
    const reached = folders.get(from) ?? new Set<string>();
    folders.set(from, reached);
    for (const target of targets) if (owningFolder(target) !== from) reached.add(owningFolder(target));
  }
  return new Map([...folders].map(([folder, reached]) => [folder, [...reached].sort()]));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const graph = buildImportGraph();
  const cycles = cyclesOf(graph);
  for (const cycle of cycles) console.log(`${cycle.length} files:\n  ${cycle.join('\n  ')}`);
  console.log(`${cycles.length} cycles`);
  const folderCycles = cyclesOf(folderGraph(withoutTests(graph)));
  for (const cycle of folderCycles) console.log(`${cycle.length} folders:\n  ${cycle.join('\n  ')}`);
  console.log(`${folderCycles.length} folder cycles`);
}
