/**
 * Starting Baton in its own checkout would set the agent on Baton itself: that start is told
 * apart, a `--workspace` start is not, and a `--workspace` that names no usable folder is refused.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { chooseWorkspace, isBatonSource } from './workspace-folder';

const BATON_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const folders: string[] = [];

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function tempFolder(files: Record<string, string> = {}): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'baton-workspace-folder-'));
  folders.push(folder);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
    writeFileSync(path.join(folder, name), text);
  }
  return folder;
}

const batonManifest = JSON.stringify({ name: 'baton', bin: { baton: 'bin/baton.mjs' } });

it("tells a start in Baton's own checkout without --workspace apart", () => {
  expect(chooseWorkspace({ workspaceFlag: undefined, cwd: BATON_ROOT, dataDirFlag: undefined })).toEqual({
    workspaceRoot: path.resolve(BATON_ROOT),
    startedInOwnSource: true,
  });
});

it('takes --workspace at its word, even when it names Baton itself', () => {
  const project = tempFolder({ 'README.md': '# mine' });
  expect(chooseWorkspace({ workspaceFlag: project, cwd: BATON_ROOT, dataDirFlag: undefined })).toEqual({
    workspaceRoot: project,
    startedInOwnSource: false,
  });
  expect(chooseWorkspace({ workspaceFlag: '.', cwd: BATON_ROOT, dataDirFlag: undefined }).startedInOwnSource).toBe(false);
});

it("a project's own folder is not Baton's source, nor is a package that only shares the name", () => {
  expect(
    chooseWorkspace({ workspaceFlag: undefined, cwd: tempFolder({ 'package.json': '{"name":"shop"}' }), dataDirFlag: undefined })
      .startedInOwnSource,
  ).toBe(false);
  expect(isBatonSource(tempFolder({ 'package.json': batonManifest }))).toBe(false);
  expect(isBatonSource(tempFolder({ 'package.json': '{ not json', 'bin/baton.mjs': '' }))).toBe(false);
  expect(isBatonSource(tempFolder({ 'package.json': '"baton"', 'bin/baton.mjs': '' }))).toBe(false);
  expect(isBatonSource(tempFolder({ 'package.json': batonManifest, 'bin/baton.mjs': '' }))).toBe(true);
});

it('refuses a --workspace that is missing, a file, the root, or inside the data folder', () => {
  const project = tempFolder({ 'notes.txt': 'x' });
  const choose = (workspaceFlag: string, dataDirFlag?: string) => () => chooseWorkspace({ workspaceFlag, cwd: project, dataDirFlag });
  expect(choose('missing')).toThrow(`--workspace ${path.join(project, 'missing')}: there is no such folder`);
  expect(choose('notes.txt')).toThrow(`--workspace ${path.join(project, 'notes.txt')}: that is a file, not a folder`);
  expect(choose('/')).toThrow('--workspace /: that is the whole file system; name your project');
  mkdirSync(path.join(project, 'data', 'inner'), { recursive: true });
  expect(choose('data/inner', 'data')).toThrow("that is inside Baton's data folder (--data-dir)");
  expect(choose('data', 'data')).toThrow("that is inside Baton's data folder (--data-dir)");
  expect(choose('.', 'data')().workspaceRoot).toBe(project);
});
