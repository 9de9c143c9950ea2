/**
 * `--tls-cert` and `--tls-key`: the relay serves HTTPS and WebSocket over TLS with the user's
 * certificate (here one made for 127.0.0.1 by openssl), its address says https, and a client that
 * trusts that certificate opens a socket with the token; the two flags go together.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectScriptClient } from './script-client';
import { startTestRelay, type TestRelay, whenConnected } from './testing/relay-support';
import { readTlsFiles } from './tls-files';

const run = promisify(execFile);
let folder: string;
let certFile: string;
let keyFile: string;
let test: TestRelay;

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'baton-tls-'));
  certFile = path.join(folder, 'cert.pem');
  keyFile = path.join(folder, 'key.pem');
  await run('openssl', [
    ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1'],
    ...['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', keyFile, '-out', certFile],
  ]);
  test = await startTestRelay({ tls: await readTlsFiles(certFile, keyFile) });
});

afterAll(async () => {
  await test?.close();
  await rm(folder, { recursive: true, force: true });
});

it('serves its socket over TLS with the given certificate, at an https address', async () => {
  expect(test.relay.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/#token=/);
  const trusted = connectScriptClient(test.origin, test.relay.token, { ca: await readFile(certFile, 'utf8') });
  expect(await whenConnected(trusted)).toEqual({ connected: true });
  trusted.disconnect();
  // A client that does not trust the certificate gets no connection.
  const untrusting = connectScriptClient(test.origin, test.relay.token);
  expect(await whenConnected(untrusting)).toMatchObject({ connected: false });
  untrusting.disconnect();
});

it('refuses one flag without the other, and a file it cannot read, saying which', async () => {
  await expect(readTlsFiles(certFile, undefined)).rejects.toThrow('--tls-cert and --tls-key go together');
  await expect(readTlsFiles(undefined, keyFile)).rejects.toThrow('--tls-cert and --tls-key go together');
  await expect(readTlsFiles(path.join(folder, 'missing.pem'), keyFile)).rejects.toThrow(/Cannot read the certificate \(--tls-cert\)/);
  expect(await readTlsFiles(undefined, undefined)).toBeUndefined();
});
