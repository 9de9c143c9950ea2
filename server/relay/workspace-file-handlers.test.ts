/**
 * The workspace file methods as a tab calls them over the socket: results in the wire's shape
 * (base64 for bytes), and a refusal as the JSON-RPC error it deserves, with the connection usable after.
 */
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BatonErrorCodes } from '../../lib/protocol/baton-protocol';
import { ErrorCodes } from '../../lib/protocol/json-rpc';
import { MAX_BINARY_PAGE_BYTES } from '../../lib/protocol/workspace-files';
import { rpcClient, startTestRelay, type TestRelay, whenConnected } from './testing/relay-support';
import { connectScriptClient } from './script-client';

let folder: string;
let test: TestRelay;
let rpc: ReturnType<typeof rpcClient>;
let close: () => void;

beforeAll(async () => {
  folder = await realpath(await mkdtemp(path.join(os.tmpdir(), 'baton-file-methods-')));
  const workspaceRoot = path.join(folder, 'ws');
  await mkdir(path.join(workspaceRoot, 'src'), { recursive: true });
  await writeFile(path.join(workspaceRoot, 'src', 'main.ts'), 'one\ntwo\nthree\n');
  await writeFile(path.join(workspaceRoot, 'picture.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00]));
  await writeFile(path.join(workspaceRoot, '.gitignore'), 'out/\n');
  await mkdir(path.join(workspaceRoot, 'out'));
  await writeFile(path.join(workspaceRoot, 'out', 'main.js'), '');
  await writeFile(path.join(folder, 'secret.txt'), 'secret\n');
  await symlink(path.join(folder, 'secret.txt'), path.join(workspaceRoot, 'escape.txt'));
  test = await startTestRelay({ workspaceRoot, dataDir: path.join(workspaceRoot, '.baton') });
  const socket = connectScriptClient(test.origin, test.relay.token);
  expect(await whenConnected(socket)).toEqual({ connected: true });
  rpc = rpcClient(socket);
  close = () => socket.close();
});

afterAll(async () => {
  close?.();
  await test?.close();
  await rm(folder, { recursive: true, force: true });
});

it('reads a page of lines with the version, line count and size', async () => {
  const reply = await rpc.call('readTextFile', { path: 'src/main.ts', lineOffset: 1, lineLimit: 1 });
  expect(reply.result).toEqual({ version: expect.any(Number), content: 'two\n', lineCount: 3, size: 14 });
});

it('reads bytes as base64, by range', async () => {
  const reply = await rpc.call('readBinaryFile', { path: 'picture.png', byteOffset: 1, byteLimit: 3 });
  expect(reply.result).toEqual({ version: expect.any(Number), content: Buffer.from('PNG').toString('base64'), size: 9 });
  const tooMuch = await rpc.call('readBinaryFile', { path: 'picture.png', byteLimit: MAX_BINARY_PAGE_BYTES + 1 });
  expect(tooMuch.error?.code).toBe(ErrorCodes.InvalidParams);
});

it('lists a folder and searches without what .gitignore ignores, unless asked', async () => {
  const listing = await rpc.call('listDirectory', { path: '.', gitignore: true });
  expect(listing.result).toMatchObject({ truncated: false });
  const names = (listing.result as { entries: Array<{ name: string }> }).entries.map((entry) => entry.name);
  expect(names).toEqual(['.gitignore', 'escape.txt', 'picture.png', 'src']);
  expect((await rpc.call('globSearch', { pattern: '**/main.*' })).result).toEqual({ matches: ['src/main.ts'], truncated: false });
  expect((await rpc.call('globSearch', { pattern: '**/main.*', includeIgnored: true })).result).toMatchObject({
    matches: ['out/main.js', 'src/main.ts'],
  });
});

it('refuses paths out of the workspace, into the data folder and with a NUL byte, each with its own error', async () => {
  const outside = await rpc.call('readTextFile', { path: 'escape.txt' });
  expect(outside.error).toMatchObject({
    code: BatonErrorCodes.PathOutsideWorkspace,
    message: expect.stringContaining('outside the workspace'),
  });
  const data = await rpc.call('listDirectory', { path: '.baton' });
  expect(data.error).toMatchObject({ code: BatonErrorCodes.FileUnavailable, message: expect.stringContaining("Baton's own data folder") });
  const nul = await rpc.call('readBinaryFile', { path: 'picture.png\0' });
  expect(nul.error).toMatchObject({ code: ErrorCodes.InvalidParams, message: expect.stringContaining('Invalid path') });
  expect((await rpc.call('stat', { path: 'src' })).result).toEqual({ exists: true, isDirectory: true });
});
