/**
 * `--tls-cert FILE --tls-key FILE`: the relay serves HTTPS with the user's own certificate (one a
 * phone trusts: from their CA, their tailnet, or `mkcert`), so that a device reaching it over the
 * network sends its pairing code and credential encrypted. Both or neither; each must be readable.
 */
import { readFile } from 'node:fs/promises';

export interface TlsFiles {
  cert: Buffer;
  key: Buffer;
}

export class TlsFilesError extends Error {
  override readonly name = 'TlsFilesError';
}

export async function readTlsFiles(certFile: string | undefined, keyFile: string | undefined): Promise<TlsFiles | undefined> {
  if (certFile === undefined && keyFile === undefined) return undefined;
  if (certFile === undefined || keyFile === undefined) {
    throw new TlsFilesError('--tls-cert and --tls-key go together: give the certificate (PEM) and its private key (PEM).');
  }
  const read = (file: string, what: string) =>
    readFile(file).catch((error: unknown) => {
      throw new TlsFilesError(`Cannot read the ${what} ${file}: ${error instanceof Error ? error.message : String(error)}`);
    });
  return { cert: await read(certFile, 'certificate (--tls-cert)'), key: await read(keyFile, 'private key (--tls-key)') };
}
