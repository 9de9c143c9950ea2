/**
 * A push service of the tests' own on loopback: an HTTPS server (a self-signed certificate made by
 * openssl, trusted through the agent it gives) that takes the relay's pushes and decrypts each with
 * the keys of a subscription it made, as a browser would (RFC 8291, aes128gcm).
 */
import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decrypt } from 'http_ece';
import type { PushSubscriptionJson } from '../../../lib/protocol/push';

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The payload as the browser reads it. */
  text: string;
}

export interface LoopbackPushService {
  /** A subscription of a browser whose push service is this one; `name` tells several apart. */
  subscription(name?: string): PushSubscriptionJson;
  /** Trusts this service's certificate. */
  agent: Agent;
  /** The certificate itself (PEM), for a relay of its own process to trust (NODE_EXTRA_CA_CERTS). */
  certificate: string;
  received: ReceivedPush[];
  /** Resolves with the next push received. */
  next(): Promise<ReceivedPush>;
  /**
   * Resolves with the first push that `matches`, from those received from now on (or from index
   * `from` of `received`): none is missed between two awaits, as a loop over next() could.
   */
  matching(matches: (push: ReceivedPush) => boolean, from?: number): Promise<ReceivedPush>;
  /** What the service answers from now on: 201 by default, 410 once a subscription has ended. */
  answerWith(status: number): void;
  close(): Promise<void>;
}

export async function startLoopbackPushService(): Promise<LoopbackPushService> {
  const folder = mkdtempSync(path.join(tmpdir(), 'baton-push-'));
  const key = path.join(folder, 'key.pem');
  const cert = path.join(folder, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const credentials = { key: readFileSync(key), cert: readFileSync(cert) };
  rmSync(folder, { recursive: true, force: true });

  const browsers = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: string }>();
  const received: ReceivedPush[] = [];
  const waiting: ((push: ReceivedPush) => void)[] = [];
  const watchers = new Set<(push: ReceivedPush) => void>();
  let status = 201;
  const server: Server = createServer(credentials, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const name = (request.url ?? '/').slice('/push/'.length);
      const browser = browsers.get(name);
      const text = browser
        ? decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: browser.ecdh, authSecret: browser.auth }).toString('utf8')
        : '';
      const push = { path: request.url ?? '/', headers: request.headers, text };
      received.push(push);
      response.writeHead(status).end();
      waiting.shift()?.(push);
      for (const watcher of [...watchers]) watcher(push);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    subscription(name = 'browser') {
      let browser = browsers.get(name);
      if (!browser) {
        const ecdh = createECDH('prime256v1');
        ecdh.generateKeys();
        browser = { ecdh, auth: randomBytes(16).toString('base64url') };
        browsers.set(name, browser);
      }
      return {
        endpoint: `https://127.0.0.1:${port}/push/${name}`,
        keys: { p256dh: browser.ecdh.getPublicKey().toString('base64url'), auth: browser.auth },
      };
    },
    agent: new Agent({ ca: credentials.cert }),
    certificate: credentials.cert.toString('utf8'),
    received,
    next: () => new Promise((resolve) => waiting.push(resolve)),
    matching(matches, from = received.length) {
      const found = received.slice(from).find(matches);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => {
        const watcher = (push: ReceivedPush) => {
          if (!matches(push)) return;
          watchers.delete(watcher);
          resolve(push);
        };
        watchers.add(watcher);
      });
    },
    answerWith(next) {
      status = next;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
