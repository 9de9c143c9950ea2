/**
 * `baton pair` through the real launcher against a real relay: it asks the relay for a pairing
 * code with the data folder's token, prints the address a phone opens (with the code in its
 * fragment), the short code and a QR code; that code pairs a device once. Without a relay, or
 * with a scope that does not exist, it says what to do.
 */
import { execFile } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PROJECT_ROOT } from './project-root';
import { startTestRelay, type TestRelay } from './testing/relay-support';

const run = promisify(execFile);
let test: TestRelay;

beforeAll(async () => {
  test = await startTestRelay();
});
afterAll(async () => {
  await test?.close();
});

function baton(args: string[]) {
  return run(process.execPath, [path.join(PROJECT_ROOT, 'bin/baton.mjs'), 'pair', '--data-dir', test.dataDir, ...args], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production' },
  });
}

it('prints the address, the short code and a QR code, and the code pairs the named device once', async () => {
  const { stdout } = await baton(['--port', String(test.port), '--name', 'My phone', '--url', 'https://laptop.example.ts.net/']);
  const address = /^Open on the device: (https:\/\/laptop\.example\.ts\.net\/#code=(\S+))$/m.exec(stdout);
  const code = address?.[2] ?? '';
  expect(stdout).toMatch(new RegExp(`^Or type the code: ${code} \\(until \\S+, once\\)$`, 'm'));
  // The terminal QR code: rows of block characters above the address.
  expect(stdout.split('\n').filter((line) => /[█▀▄]/.test(line)).length).toBeGreaterThan(10);
  const pair = () =>
    fetch(`${test.origin}/sign-in-code`, {
      method: 'POST',
      headers: { origin: test.origin, 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
    });
  const first = await pair();
  expect({ status: first.status, body: await first.json() }).toMatchObject({
    status: 200,
    body: { device: { name: 'My phone', scope: 'answer-and-watch' } },
  });
  expect((await pair()).status).toBe(401);
});

it('says to start baton when no relay answers, and names the scopes there are', async () => {
  const { port } = test;
  await expect(baton(['--port', String(await closedPort())])).rejects.toMatchObject({
    stderr: expect.stringContaining('No Baton relay answered'),
  });
  await expect(baton(['--port', String(port), '--scope', 'everything'])).rejects.toMatchObject({
    stderr: expect.stringContaining('--scope is answer-and-watch or full, not "everything"'),
  });
});

/** A port that nothing listens on: one the system just gave out and took back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
