/**
 * The config file's `basePath`: checked like every other field (a bad one names the file, the line
 * and the field), taken by the relay when the command line names none, and overruled by
 * `--base-path` (even an empty one) when it does.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadRelayConfig, readBasePath } from './relay-config';
import { startTestRelay } from './testing/relay-support';

let folder: string;
let file: string;

beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'baton-base-path-config-'));
  file = path.join(folder, 'config.json');
});

afterEach(() => rm(folder, { recursive: true, force: true }));

const configText = (basePath: unknown) => JSON.stringify({ toolApproval: [], basePath }, null, 2);

describe('basePath in config.json', () => {
  it('reads a path, dropping a trailing slash; none without the key', async () => {
    await writeFile(file, configText('/absproxy/4780/'));
    expect(readBasePath(await loadRelayConfig(file))).toBe('/absproxy/4780');
    await writeFile(file, JSON.stringify({ toolApproval: [] }));
    expect(readBasePath(await loadRelayConfig(file))).toBe('');
  });

  it('refuses a bad value, naming the file, the line and the field', async () => {
    for (const bad of ['absproxy/4780', '/a/../b', '/a b', 4780]) {
      await writeFile(file, configText(bad));
      const error = await loadRelayConfig(file).then(
        () => undefined,
        (caught: unknown) => caught as Error,
      );
      expect(error?.message, String(bad)).toMatch(new RegExp(`^Bad config file ${escapeRegExp(file)}:3: basePath: `));
    }
    await writeFile(file, configText('a/b'));
    const error = await loadRelayConfig(file).then(
      () => undefined,
      (caught: unknown) => caught as Error,
    );
    expect(error?.message).toBe(
      `Bad config file ${file}:3: basePath: takes the path a proxy serves Baton under, like /absproxy/4780 (not "a/b")`,
    );
  });
});

describe('the relay with basePath in its config file', () => {
  async function relayWith(basePath: string | undefined) {
    const dataDir = path.join(folder, 'data');
    await mkdir(dataDir, { recursive: true });
    await writeFile(path.join(dataDir, 'config.json'), configText('/from-file/4780'));
    return startTestRelay({ dataDir, workspaceRoot: folder, basePath });
  }

  it("serves under the file's prefix when the command line names none", async () => {
    const relay = await relayWith(undefined);
    try {
      expect(new URL(relay.relay.url).pathname).toBe('/from-file/4780/');
      const response = await fetch(`${relay.origin}/from-file/4780`, { redirect: 'manual' });
      expect(response.status).toBe(308);
      expect(response.headers.get('location')).toBe('/from-file/4780/');
    } finally {
      await relay.close();
    }
  });

  it('takes --base-path over the file, and an empty one means none', async () => {
    for (const [flag, pathname] of [
      ['/from-flag', '/from-flag/'],
      ['', '/'],
    ]) {
      const relay = await relayWith(flag);
      try {
        expect(new URL(relay.relay.url).pathname).toBe(pathname);
      } finally {
        await relay.close();
      }
    }
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
