/**
 * The token source of a relay without BATON_TOKEN: a rotated token file is taken up by the
 * handshake check alone, as where the data folder cannot be watched, and every holder of the old
 * token is told to go.
 */
import { mkdtemp, rm, unlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withoutRelaySecrets } from '../process/relay-secrets';
import { rotateTokenFile, tokenFilePath } from './token-file';
import { fileTokenSource, fixedTokenSource, type TokenSource } from './token-source';

let dataDir: string;
let source: TokenSource | undefined;
const logs: string[] = [];

beforeEach(async () => {
  dataDir = path.join(await mkdtemp(path.join(os.tmpdir(), 'baton-token-source-')), 'data');
  logs.length = 0;
});

afterEach(async () => {
  source?.close();
  source = undefined;
  await rm(path.dirname(dataDir), { recursive: true, force: true });
});

describe('fileTokenSource without a watch', () => {
  it('takes up a rotated token at the next check, says so, and hands the new token, not the old, to no child', async () => {
    source = await fileTokenSource(dataDir, (line) => logs.push(line), { watch: false });
    const old = source.current() as string;
    let changes = 0;
    source.onChanged(() => (changes += 1));

    const rotated = await rotateTokenFile(dataDir);
    expect(source.current()).toBe(old);
    await source.refresh();
    expect(source.current()).toBe(rotated);
    expect(changes).toBe(1);
    expect(logs).toEqual([`the token file ${tokenFilePath(dataDir)} holds a new token: every tab was logged out`]);
    expect(withoutRelaySecrets({ NEW: rotated, OLD: old })).toEqual({ OLD: old });

    // Nothing changed since: nothing to do.
    await source.refresh();
    expect(changes).toBe(1);
  });

  it('keeps its token when the file is deleted (the next start writes a new one)', async () => {
    source = await fileTokenSource(dataDir, (line) => logs.push(line), { watch: false });
    const token = source.current();
    await unlink(tokenFilePath(dataDir));
    await source.refresh();
    expect(source.current()).toBe(token);
    expect(logs).toEqual([`the token file ${tokenFilePath(dataDir)} is gone: this relay keeps its token; the next start writes a new one`]);
  });
});

describe('fixedTokenSource (BATON_TOKEN)', () => {
  it('never changes, and is kept from children while it is held', async () => {
    source = fixedTokenSource('the-token-from-the-environment-0123456789');
    await source.refresh();
    expect(source.current()).toBe('the-token-from-the-environment-0123456789');
    expect(withoutRelaySecrets({ COPIED: 'the-token-from-the-environment-0123456789' })).toEqual({});
    source.close();
    source = undefined;
    expect(withoutRelaySecrets({ COPIED: 'the-token-from-the-environment-0123456789' })).toEqual({
      COPIED: 'the-token-from-the-environment-0123456789',
    });
  });
});
