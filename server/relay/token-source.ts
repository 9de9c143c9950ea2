/**
 * Where a running relay's token comes from: BATON_TOKEN (fixed for the relay's life), or the token
 * file in the data folder (./token-file.ts), which `baton token --rotate` may replace while the
 * relay runs. The relay learns of a replacement two ways: it watches the data folder, and it
 * checks the file's identity at every socket handshake, so that a missed watch event (a network
 * file system, a watch limit reached) cannot let the old token in or keep the new one out. A new
 * token is announced to `onChanged`, which logs every tab out: they all hold the old one.
 *
 * While the file is unusable (made readable by others, replaced by a link, emptied) every tab is
 * refused until it is put right; a file that has gone leaves the token as it was (the next start
 * writes a new one).
 */
import { type FSWatcher, watch } from 'node:fs';
import { holdRelaySecret } from '../process/relay-secrets';
import { fileIdentity } from './file-identity';
import { readOrCreateTokenFile, readTokenFile, TOKEN_FILE, tokenFilePath } from './token-file';

export interface TokenSource {
  /** The token a tab must present now; undefined while the token file is unusable. */
  current(): string | undefined;
  /** Re-reads the token file if it changed since it was last read (a no-op for BATON_TOKEN). */
  refresh(): Promise<void>;
  /** Called after the token changed: every tab holding the old one must go. */
  onChanged(listener: () => void): void;
  close(): void;
}

/** BATON_TOKEN: the same for the relay's whole life. */
export function fixedTokenSource(token: string): TokenSource {
  // Nothing the relay starts may carry it (server/process/relay-secrets.ts).
  const release = holdRelaySecret(token);
  return { current: () => token, refresh: async () => undefined, onChanged: () => undefined, close: release };
}

/**
 * The data folder's token file, created when there is none; throws TokenFileError when it cannot
 * be trusted. `watch: false` leaves the handshake checks alone, as where watching fails.
 */
export async function fileTokenSource(
  dataDir: string,
  log: (message: string) => void,
  { watch: watching = true } = {},
): Promise<TokenSource> {
  const file = tokenFilePath(dataDir);
  let token: string | undefined = await readOrCreateTokenFile(dataDir);
  let releaseSecret = holdRelaySecret(token);
  let identity = await fileIdentity(file);
  const listeners: Array<() => void> = [];
  let reading = Promise.resolve();

  const reload = async () => {
    identity = await fileIdentity(file);
    let next: string | undefined;
    try {
      next = await readTokenFile(dataDir);
      if (next === undefined) {
        log(
          token === undefined
            ? `the token file ${file} is gone: every tab stays refused until \`baton token --rotate\` writes a new one`
            : `the token file ${file} is gone: this relay keeps its token; the next start writes a new one`,
        );
        return;
      }
    } catch (error) {
      if (token !== undefined) log(`${error instanceof Error ? error.message : String(error)} Every tab is refused until it is put right.`);
      next = undefined;
    }
    if (next === token) return;
    releaseSecret();
    releaseSecret = next === undefined ? () => undefined : holdRelaySecret(next);
    token = next;
    if (next !== undefined) log(`the token file ${file} holds a new token: every tab was logged out`);
    for (const listener of listeners) listener();
  };
  // One read at a time, in order: two events in a row must not apply an older read last.
  const queueReload = () =>
    (reading = reading.then(reload).catch((error: unknown) => log(`could not read the token file ${file} again: ${String(error)}`)));
  const watcher = watching ? watchTokenFile(dataDir, queueReload, log) : undefined;

  return {
    current: () => token,
    async refresh() {
      if ((await fileIdentity(file)) !== identity) await queueReload();
      else await reading;
    },
    onChanged: (listener) => void listeners.push(listener),
    close() {
      watcher?.close();
      releaseSecret();
    },
  };
}

/** Calls `onChange` when the token file may have changed; undefined where the folder cannot be watched. */
function watchTokenFile(dataDir: string, onChange: () => void, log: (message: string) => void): FSWatcher | undefined {
  const fallback = 'a new token is taken up at the next handshake';
  try {
    const watcher = watch(dataDir, { persistent: false }, (_event, name) => {
      if (name === null || name === TOKEN_FILE) onChange();
    });
    watcher.on('error', (error) => {
      log(`stopped watching ${dataDir} (${error.message}): ${fallback}`);
      watcher.close();
    });
    return watcher;
  } catch (error) {
    log(`cannot watch ${dataDir} (${error instanceof Error ? error.message : String(error)}): ${fallback}`);
    return undefined;
  }
}
