/**
 * `--tls-cert FILE --tls-key FILE`: the relay serves HTTPS with the user's own certificate (one a
 * phone trusts: from their CA, their tailnet, or `mkcert`), so that a device reaching it over the
 * network sends its pairing code and credential encrypted. Both or neither; each must be readable.
 */
import { X509Certificate } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { checkServerIdentity, type PeerCertificate, rootCertificates } from 'node:tls';

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

/**
 * How a client on this machine (`baton pair`) trusts the relay's HTTPS: the certificate the relay
 * was started with, pinned. It dials 127.0.0.1 while the certificate names what the phone uses (a
 * tailnet name, say), so the name check is waived for that exact certificate alone, which the chain
 * check (against the file, or the system's roots for a CA-issued one) proves the relay holds the key of.
 */
export async function trustCertificateFile(certFile: string): Promise<{ ca: string[]; checkServerIdentity: typeof checkServerIdentity }> {
  const text = await readFile(certFile, 'utf8').catch((error: unknown) => {
    throw new TlsFilesError(
      `Cannot read the certificate (--tls-cert) ${certFile}: ${error instanceof Error ? error.message : String(error)}`,
    );
  });
  let pinned: string;
  try {
    pinned = new X509Certificate(text).fingerprint256;
  } catch {
    throw new TlsFilesError(`The certificate (--tls-cert) ${certFile} holds no PEM certificate: give the file the relay was started with.`);
  }
  return {
    ca: [...rootCertificates, text],
    checkServerIdentity: (host: string, certificate: PeerCertificate) =>
      certificate.fingerprint256 === pinned ? undefined : checkServerIdentity(host, certificate),
  };
}
