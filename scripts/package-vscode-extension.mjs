#!/usr/bin/env node
/**
 * `npm run vscode:package`: bundles the VS Code extension (vscode-extension/) with esbuild, the
 * extension host's part as one CommonJS file for Node and the webview's script as one file for the
 * browser, then packs it with @vscode/vsce into vscode-extension/baton-vscode.vsix. The extension
 * has no run-time dependencies of its own (`vscode` is the editor's), so vsce is told not to look
 * for any. Prints the .vsix path on its last line.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../', import.meta.url));
const extensionRoot = path.join(root, 'vscode-extension');
const dist = path.join(extensionRoot, 'dist');
export const VSIX_PATH = path.join(extensionRoot, 'baton-vscode.vsix');

rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });
await build({
  entryPoints: [path.join(extensionRoot, 'src/extension.ts')],
  outfile: path.join(dist, 'extension.js'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  // VS Code 1.100 runs extensions on Node 20.
  target: 'node20',
  external: ['vscode'],
  sourcemap: false,
  logLevel: 'warning',
});
await build({
  entryPoints: [path.join(extensionRoot, 'webview/main.ts')],
  outfile: path.join(dist, 'webview.js'),
  bundle: true,
  platform: 'browser',
  format: 'iife',
  target: 'chrome120',
  logLevel: 'warning',
});
copyFileSync(path.join(extensionRoot, 'webview/styles.css'), path.join(dist, 'webview.css'));

const vsce = createRequire(import.meta.url).resolve('@vscode/vsce/vsce');
execFileSync(process.execPath, [vsce, 'package', '--no-dependencies', '--skip-license', '--allow-missing-repository', '--out', VSIX_PATH], {
  cwd: extensionRoot,
  stdio: ['ignore', 'inherit', 'inherit'],
});
process.stdout.write(`${VSIX_PATH}\n`);
