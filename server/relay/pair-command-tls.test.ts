/**
 * `baton pair` against a relay that serves HTTPS only (`--tls-cert`, `--tls-key`), with a
 * certificate openssl made for the name a phone would use, not for 127.0.0.1 where the command
 * dials: with the same `--tls-cert` it gets a code; without it, or with another certificate, it
 * says why it got none and sends its token nowhere it does not trust.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PROJECT_ROOT } from './project-root';
import { startTestRelay, type TestRelay } from './testing/relay-support';
import { readTlsFiles } from './tls-files';

const run = promisify(execFile);
let folder: string;
let test: TestRelay;

/** A self-signed certificate and its key for `name`, made by openssl. */
async function certificate(name: string): Promise<{ cert: string; key: string }> {
  const [cert, key] = [path.join(folder, `${name}.pem`), path.join(folder, `${name}.key`)];
  await run('openssl', [
    ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1'],
    ...['-subj', `/CN=${name}`, '-addext', `subjectAltName=DNS:${name}`, '-keyout', key, '-out', cert],
  ]);
  return { cert, key };
}

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'baton-pair-tls-'));
  const { cert, key } = await certificate('laptop.example');
  test = await startTestRelay({ tls: await readTlsFiles(cert, key) });
});
afterAll(async () => {
  await test?.close();
  await rm(folder, { recursive: true, force: true });
});

function baton(args: string[]) {
  const command = [path.join(PROJECT_ROOT, 'bin/baton.mjs'), 'pair', '--data-dir', test.dataDir, '--port', String(test.port), ...args];
  return run(process.execPath, command, { env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production' } });
}

it("pairs over HTTPS with the relay's own certificate, though it names another host", async () => {
  const { stdout } = await baton(['--tls-cert', path.join(folder, 'laptop.example.pem'), '--url', 'https://laptop.example/']);
  expect(stdout).toMatch(/^Open on the device: https:\/\/laptop\.example\/#code=\S+$/m);
});

it('says what to pass when it speaks plain HTTP to a relay that serves HTTPS', async () => {
  const failed = await baton([]).catch((error: { stderr: string }) => error);
  expect((failed as { stderr: string }).stderr).toMatch(/No Baton relay answered at http:.*reached with baton pair --tls-cert FILE/);
});

it('refuses a relay whose certificate is not the one given, and a file that is no certificate', async () => {
  const other = await certificate('elsewhere.example');
  const refused = await baton(['--tls-cert', other.cert]).catch((error: { stderr: string }) => error);
  // The transport's reason is told: the certificate is not one it trusts.
  expect((refused as { stderr: string }).stderr).toMatch(/No Baton relay answered at https:.*\(.*certificate.*\)/);
  const notCertificate = await baton(['--tls-cert', other.key]).catch((error: { stderr: string }) => error);
  expect((notCertificate as { stderr: string }).stderr).toMatch(/holds no PEM certificate/);
});
