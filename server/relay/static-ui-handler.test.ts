/**
 * The relay's server for the UI's static build, on a real loopback server behind the guarded
 * handler, over a build folder made here: which addresses answer, with what headers, and that
 * nothing outside the build's own regular files can be reached.
 */
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessGuard, generateToken } from './access-guard';
import { createGuardedHandler } from './http-handler';
import { createStaticUiHandler } from './static-ui-handler';
import { readUiBuildFiles } from './ui-build-files';

const APP_HTML =
  '<!DOCTYPE html><html><head><script src="/_next/static/chunks/app-1a2b.js" async=""></script></head><body><script>self.__next_f=[]</script></body></html>';
const NOT_FOUND_HTML = '<!DOCTYPE html><html><body>This page could not be found.<script>self.__next_f=[]</script></body></html>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;
let folder: string;
let outside: string;
let server: Server;
let origin: string;
const logged: string[] = [];
const token = generateToken();

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'baton-ui-build-'));
  outside = await mkdtemp(path.join(os.tmpdir(), 'baton-ui-outside-'));
  const build = path.join(folder, 'out');
  await mkdir(path.join(build, '_next', 'static', 'chunks'), { recursive: true });
  await writeFile(path.join(build, 'index.html'), APP_HTML);
  await writeFile(path.join(build, '404.html'), NOT_FOUND_HTML);
  await writeFile(path.join(build, 'icon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(path.join(build, '_next', 'static', 'chunks', 'app-1a2b.js'), SCRIPT);
  await writeFile(path.join(build, '_next', 'static', 'chunks', 'app-1a2b.css'), 'body{color:red}');
  await writeFile(path.join(folder, 'secret.txt'), 'beside the build');
  await writeFile(path.join(outside, 'secret.txt'), 'elsewhere');
  await symlink(path.join(outside, 'secret.txt'), path.join(build, 'linked.txt'));
  await symlink(outside, path.join(build, 'linked-folder'));
  const files = await readUiBuildFiles(build);
  server = createServer(
    createGuardedHandler(
      new AccessGuard({ token }),
      { frameAncestors: "'self'" },
      createStaticUiHandler(files, (message) => logged.push(message), { frameAncestors: "'self'" }),
    ),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await rm(folder, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

const policyNonce = (response: Response) => /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];

/** A request with the path exactly as written: fetch would normalise `..` away. */
function rawGet(rawPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${origin}/`, { path: rawPath }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    outgoing.once('error', reject);
    outgoing.end();
  });
}

describe('the app page', () => {
  it('answers / and every thread address with the page, its scripts carrying this response’s nonce', async () => {
    for (const address of ['/', '/t/3f2a9c', '/t/3f2a9c/', '/index.html', '/?x=1#token=abc']) {
      const response = await fetch(`${origin}${address}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-store');
      const nonce = policyNonce(response);
      expect(nonce).toBeTruthy();
      const body = await response.text();
      // The relay's own first script (page-head.ts) and the build's two.
      expect(body.match(/<script nonce="([^"]+)"/g)).toEqual(Array(3).fill(`<script nonce="${nonce}"`));
    }
  });

  it('makes every address in the page relative to the app root, which its first script finds from the address', async () => {
    const roots: Record<string, string> = { '/': './', '/?x=1': './', '/t/3f2a9c': '../', '/t/3f2a9c/': '../../' };
    for (const [address, root] of Object.entries(roots)) {
      const body = await (await fetch(`${origin}${address}`)).text();
      expect(body).toContain(`base.href=new URL("${root}",location.href).pathname`);
      expect(body).toContain('src="./_next/static/chunks/app-1a2b.js"');
      expect(body).not.toContain('"/_next/');
      expect(body).toContain(`<meta name="baton-frame-ancestors" content="'self'"/>`);
    }
  });

  it('gives two responses two nonces', async () => {
    const [first, second] = [await fetch(`${origin}/`), await fetch(`${origin}/`)];
    expect(policyNonce(first)).not.toBe(policyNonce(second));
    expect(await second.text()).toContain(`nonce="${policyNonce(second)}"`);
  });

  it('answers HEAD with the headers alone', async () => {
    const response = await fetch(`${origin}/t/abc`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(Number(response.headers.get('content-length'))).toBeGreaterThan(APP_HTML.length);
    expect(await response.text()).toBe('');
  });
});

describe('the build’s files', () => {
  it('serves hashed files as cached for good, with their type, gzip when asked', async () => {
    const address = `${origin}/_next/static/chunks/app-1a2b.js`;
    const plain = await fetch(address, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(SCRIPT);
    const compressed = await rawBytes('/_next/static/chunks/app-1a2b.js', 'gzip');
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(compressed.headers.vary).toBe('Accept-Encoding');
    expect(compressed.body.length).toBeLessThan(SCRIPT.length / 4);
    expect(gunzipSync(compressed.body).toString()).toBe(SCRIPT);
    const styles = await fetch(`${origin}/_next/static/chunks/app-1a2b.css`);
    expect(styles.headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it('serves other files with their type, to be checked again before reuse', async () => {
    const icon = await fetch(`${origin}/icon.svg?icon.0a1b`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/svg+xml');
    expect(icon.headers.get('cache-control')).toBe('no-cache');
    expect(icon.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('what is not there', () => {
  it('answers unknown addresses, folders and bare thread prefixes with the not-found page and 404', async () => {
    for (const address of ['/nope', '/_next/', '/_next/static', '/_next/static/chunks/', '/t/', '/t/a/b', '/index']) {
      const response = await fetch(`${origin}${address}`);
      expect(response.status, address).toBe(404);
      const body = await response.text();
      expect(body).toContain('This page could not be found.');
      expect(body).toContain(`<script nonce="${policyNonce(response)}">`);
    }
  });

  it('reaches nothing outside the build, nor through a link placed in it', async () => {
    for (const address of [
      '/../secret.txt',
      '/_next/../../secret.txt',
      '/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/_next/static/%2e%2e%2f%2e%2e%2f%2e%2e%2fsecret.txt',
      '/linked.txt',
      '/linked-folder/secret.txt',
    ]) {
      const response = await rawGet(address);
      expect(response.status, address).toBe(404);
      expect(response.body).not.toMatch(/beside the build|elsewhere/);
    }
    expect((await rawGet('/%ff')).status).toBe(400);
    expect((await rawGet('/index.html%00.js')).status).toBe(400);
  });

  it('refuses methods other than GET and HEAD, once the guard let them through', async () => {
    const response = await fetch(`${origin}/`, { method: 'DELETE', headers: { origin, authorization: `Bearer ${token}` } });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
    expect(logged).toEqual([]);
  });
});

describe('reading the build', () => {
  it('fails with what to do when there is no build', async () => {
    await expect(readUiBuildFiles(path.join(folder, 'missing'))).rejects.toThrow(/npm run build/);
    await expect(readUiBuildFiles(outside)).rejects.toThrow(/has no \/index.html/);
  });
});

function rawBytes(rawPath: string, encoding: string): Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${origin}${rawPath}`, { headers: { 'accept-encoding': encoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
    });
    outgoing.once('error', reject);
    outgoing.end();
  });
}
