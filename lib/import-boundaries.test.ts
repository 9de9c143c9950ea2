/**
 * Dependencies point one way (STYLE.md): app → components → stores → lib, server → lib. Code in
 * lib/ is imported by the relay and the browser alike, so it imports neither Node nor React; the
 * browser's code never imports the relay's. The external agents' adapters stand beside the built-in
 * agent, not on it: what they share (the policy in server/guard, file changes in server/workspace,
 * the adapter kit in server/agents/external) lives outside builtin/. Test code has one home: a
 * module's fakes and test support sit in its `testing/` folder, which only tests, e2e/ and bench/
 * reach, and which keeps its module's boundaries; scripts/ holds only the entry points a person
 * runs, which nothing imports. This test is the lint rule that keeps it so.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
/**
 * Every way a module names another: imports and re-exports (side-effect ones too), import(),
 * require() and `new URL(…, import.meta.url)` (how a test names a fake it runs as a process).
 */
const IMPORT =
  /^\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]|\b(?:import|require)\(\s*['"]([^'"]+)['"]\s*\)|\bnew URL\(\s*['"]([^'"]+)['"]\s*,\s*import\.meta\.url/gm;
const SOURCE = /\.(?:tsx?|mts|mjs)$/;
const TEST_FILE = /\.test\.tsx?$/;
/** Everything that ships or that a person runs; vscode-extension/ by its sources (its dist/ is built). */
const PRODUCTION_FOLDERS = [
  'app',
  'components',
  'stores',
  'lib',
  'server',
  'bin',
  'scripts',
  'vscode-extension/src',
  'vscode-extension/webview',
];
const TEST_FRAMEWORKS = ['vitest', '@playwright/test', '@axe-core/playwright', 'fast-check'];

/** A test, a module's test support (its testing/ folder), or the browser tests and benchmarks. */
const isTestCode = (file: string) =>
  TEST_FILE.test(file) || file.split(path.sep).includes('testing') || ['e2e', 'bench'].includes(file.split(path.sep)[0] ?? '');

function sourcesOf(folder: string, withTests = false): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => SOURCE.test(file) && !file.split(path.sep).includes('node_modules') && (withTests || !TEST_FILE.test(file)))
    .map((file) => path.join(folder, file));
}

function importsOf(file: string): string[] {
  return [...readFileSync(path.join(ROOT, file), 'utf8').matchAll(IMPORT)].map((match) => match.slice(1).find(Boolean) ?? '');
}

function violations(folders: string[], forbidden: (specifier: string, file: string) => boolean, withTests = false): string[] {
  return folders
    .flatMap((folder) => sourcesOf(folder, withTests))
    .flatMap((file) =>
      importsOf(file)
        .filter((specifier) => forbidden(specifier, file))
        .map((specifier) => `${file} imports ${specifier}`),
    );
}

/** The project-relative path a relative specifier names, or undefined for a package. */
const target = (specifier: string, file: string) =>
  specifier.startsWith('.') ? path.relative(ROOT, path.resolve(ROOT, path.dirname(file), specifier)) : undefined;

const reaches = (specifier: string, file: string, folder: string) => target(specifier, file)?.startsWith(folder + path.sep) ?? false;

const reachesTesting = (specifier: string, file: string) => target(specifier, file)?.split(path.sep).includes('testing') ?? false;

const isPackage = (specifier: string, name: string) => specifier === name || specifier.startsWith(`${name}/`);

/** The file a relative specifier names, as the bundler finds it (extension left out, or .js for .ts). */
function resolved(specifier: string, file: string): string | undefined {
  const named = target(specifier, file);
  if (named === undefined) return undefined;
  return [named, `${named}.ts`, `${named}.tsx`, path.join(named, 'index.ts'), named.replace(/\.js$/, '.ts')].find(
    (candidate) => existsSync(path.join(ROOT, candidate)) && statSync(path.join(ROOT, candidate)).isFile(),
  );
}

/** Names that mark a file as test code, which a testing/ folder now says once for all its files. */
const NAMED_AS_TEST_CODE =
  /(?:^|\/)(?:fake|fixtures)\/|(?:^|\/|-)fake-|(?:^|\/)test-|-(?:test-support|fixture|harness)\.|\.test-fixtures\./;

/**
 * Modules that only tests import today and still belong to the product: the way a person's own
 * script connects to the relay (the README's), and protocol schemas and tables written from the
 * specs, which only the spec-example tests read so far.
 */
const PRODUCTION_THAT_ONLY_TESTS_USE = [
  'server/relay/script-client.ts',
  'lib/protocol/thread-model-protocol.ts',
  'lib/protocol/autohand/autohand-errors.ts',
  'lib/protocol/emacs-agent/tool-definitions.ts',
];

describe('import boundaries', () => {
  it('keeps lib/ free of Node, React and everything above it', () => {
    // lib/'s testing/ folder is test support: it runs in Node, never in a tab.
    const found = violations(
      ['lib'],
      (specifier, file) =>
        !isTestCode(file) &&
        (specifier.startsWith('node:') ||
          specifier === 'react' ||
          ['server', 'stores', 'components', 'app'].some((folder) => reaches(specifier, file, folder))),
    );
    expect(found).toEqual([]);
  });

  it('keeps the browser code (app, components, stores) away from the relay', () => {
    const found = violations(
      ['app', 'components', 'stores'],
      (specifier, file) => specifier.startsWith('node:') || reaches(specifier, file, 'server'),
    );
    expect(found).toEqual([]);
  });

  it('keeps stores/ free of React components and the relay free of the browser code', () => {
    expect(violations(['stores'], (specifier, file) => reaches(specifier, file, 'components'))).toEqual([]);
    expect(
      violations(['server'], (specifier, file) => ['components', 'stores', 'app'].some((folder) => reaches(specifier, file, folder))),
    ).toEqual([]);
  });

  it('keeps the external agents, their kit and the shared rooms (tests too) off the built-in agent', () => {
    const adapters = ['acp', 'eca-client', 'autohand', 'emacs-agent', 'external'].map((folder) => `server/agents/${folder}`);
    const found = violations(
      [...adapters, 'server/guard', 'server/workspace'],
      (specifier, file) => reaches(specifier, file, 'server/agents/builtin'),
      true,
    );
    expect(found).toEqual([]);
  });

  it('keeps test code out of production: no production file reaches a testing/ folder', () => {
    const production = (file: string) => !isTestCode(file);
    const found = violations(PRODUCTION_FOLDERS, (specifier, file) => production(file) && reachesTesting(specifier, file));
    expect(found).toEqual([]);
  });

  it('keeps scripts/ to the entry points a person runs: nothing imports them, and no test lives there', () => {
    // Code a script shares with the relay, a test or another script belongs in a room of its own.
    const found = violations([...PRODUCTION_FOLDERS, 'e2e', 'bench'], (specifier, file) => reaches(specifier, file, 'scripts'), true);
    expect(found).toEqual([]);
    expect(sourcesOf('scripts', true).filter((file) => TEST_FILE.test(file))).toEqual([]);
  });

  it('keeps scripts/ on the Node side: they use the relay and lib/, never the browser code', () => {
    const found = violations(['scripts'], (specifier, file) =>
      ['app', 'components', 'stores'].some((folder) => reaches(specifier, file, folder)),
    );
    expect(found).toEqual([]);
  });

  it('keeps the test frameworks in test code', () => {
    const found = violations(
      PRODUCTION_FOLDERS,
      (specifier, file) =>
        !isTestCode(file) &&
        TEST_FRAMEWORKS.some((name) => isPackage(specifier, name)) &&
        // A script may drive a real browser through Playwright (render-icons.ts); the test runner stays out.
        !(file.startsWith(`scripts${path.sep}`) && isPackage(specifier, '@playwright/test')),
    );
    expect(found).toEqual([]);
  });

  it('gives test support one home: what only test code imports, or is named as test code, sits in a testing/ folder', () => {
    const everything = [...PRODUCTION_FOLDERS, 'e2e', 'bench'].flatMap((folder) => sourcesOf(folder, true));
    const importers = new Map<string, string[]>();
    for (const file of everything) {
      for (const specifier of importsOf(file)) {
        const found = resolved(specifier, file);
        if (found !== undefined) importers.set(found, [...(importers.get(found) ?? []), file]);
      }
    }
    const onlyForTests = [...importers]
      .filter(([file, by]) => !isTestCode(file) && !PRODUCTION_THAT_ONLY_TESTS_USE.includes(file) && by.every(isTestCode))
      .map(([file]) => file);
    expect(onlyForTests).toEqual([]);
    expect(everything.filter((file) => !isTestCode(file) && NAMED_AS_TEST_CODE.test(file))).toEqual([]);
  });
});
