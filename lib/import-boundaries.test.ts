/**
 * Dependencies point one way (STYLE.md): app → components → stores → lib, server → lib. Code in
 * lib/ is imported by the relay and the browser alike, so it imports neither Node nor React; the
 * browser's code never imports the relay's. The external agents' adapters stand beside the built-in
 * agent, not on it: what they share (the policy in server/guard, file changes in server/workspace,
 * the adapter kit in server/agents/external) lives outside builtin/. This test is the lint rule that
 * keeps it so.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const IMPORT = /^\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]/gm;

function sourcesOf(folder: string, withTests = false): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && (withTests || !/\.test\.tsx?$/.test(file)))
    .map((file) => path.join(folder, file));
}

function importsOf(file: string): string[] {
  return [...readFileSync(path.join(ROOT, file), 'utf8').matchAll(IMPORT)].map((match) => match[1] ?? '');
}

function violations(folders: string[], forbidden: (specifier: string, file: string) => boolean, withTests = false): string[] {
  return folders
    .flatMap((folder) => sourcesOf(folder, withTests))
    .flatMap((file) => importsOf(file).filter((specifier) => forbidden(specifier, file)).map((specifier) => `${file} imports ${specifier}`));
}

const reaches = (specifier: string, file: string, folder: string) =>
  specifier.startsWith('.') && path.resolve(ROOT, path.dirname(file), specifier).startsWith(path.join(ROOT, folder) + path.sep);

describe('import boundaries', () => {
  it('keeps lib/ free of Node, React and everything above it', () => {
    const found = violations(['lib'], (specifier, file) =>
      specifier.startsWith('node:') ||
      specifier === 'react' ||
      ['server', 'stores', 'components', 'app'].some((folder) => reaches(specifier, file, folder)),
    );
    expect(found).toEqual([]);
  });

  it('keeps the browser code (app, components, stores) away from the relay', () => {
    const found = violations(['app', 'components', 'stores'], (specifier, file) =>
      specifier.startsWith('node:') || reaches(specifier, file, 'server'),
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
});
