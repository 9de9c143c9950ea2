/**
 * `baton pair [--name NAME] [--scope answer-and-watch|full] [--url ADDRESS] [--workspace DIR]
 * [--data-dir DIR] [--host H] [--port N] [--tls-cert FILE]`: pairs a phone with a running relay. Pending pairing
 * codes live in the relay's memory only (a code written to disk could outlive its minutes), so
 * the command asks the relay for one over its socket, as any script does: with the main token,
 * which it reads where `baton token` does (BATON_TOKEN, else the data folder's token file, which
 * only this user can read). It prints the address a phone opens (`--url`, the relay's address as
 * the phone reaches it: a Tailscale name, an SSH tunnel's port, an HTTPS proxy), the short code,
 * and a QR code of that address, on stdout, the user's own. A relay started with `--tls-cert`
 * serves HTTPS only: the same `--tls-cert` here makes the command speak HTTPS to it, trusting
 * that certificate (and only it: the token goes over that connection).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { batonProtocol } from '../../lib/protocol/baton-protocol';
import { type DeviceScope, DeviceScopeSchema, type DevicesStartPairingResult } from '../../lib/protocol/devices';
import { RpcConnection } from '../../lib/rpc/rpc-connection';
import { createSocketIoTransport } from '../../lib/rpc/socket-io-transport';
import { launchEnvironment } from '../launch/launch-environment';
import { connectScriptClient } from './script-client';
import { trustCertificateFile } from './tls-files';
import { readTokenFile } from './token-file';

export const PAIR_USAGE =
  'Usage: baton pair [--name NAME] [--scope answer-and-watch|full] [--url ADDRESS] [--workspace DIR] [--data-dir DIR] [--host H] [--port N] [--tls-cert FILE]\n';

export interface PairingRequestOptions {
  /** The relay's own origin, as this machine reaches it. */
  origin: string;
  token: string;
  name: string;
  scope: DeviceScope;
  /** An https origin's certificate, as trustCertificateFile gives it. */
  tls?: Awaited<ReturnType<typeof trustCertificateFile>>;
}

/** Asks a running relay for a pairing code; rejects with what went wrong (no relay, a refused token). */
export async function requestPairingCode({ origin, token, name, scope, tls }: PairingRequestOptions): Promise<DevicesStartPairingResult> {
  const socket = connectScriptClient(origin, token, tls ?? {});
  // Plain HTTP to a relay that serves HTTPS gets no answer it can read: the likely reason is named.
  const hint = tls ? '' : '; a relay started with --tls-cert is reached with baton pair --tls-cert FILE (the same certificate)';
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', (error) => {
        // The transport's own failure (a refused connection, a certificate not trusted) says more than "websocket error".
        const cause = (error as { description?: { message?: unknown } }).description?.message;
        const reason = typeof cause === 'string' && cause !== '' ? cause : error.message;
        reject(new Error(`No Baton relay answered at ${origin} (${reason}): start baton first, or pass its --host and --port${hint}.`));
      });
    });
    const connection = new RpcConnection(batonProtocol, createSocketIoTransport(socket), { requestTimeoutMs: 10_000 });
    return await connection.request('devices/startPairing', { name, scope });
  } finally {
    socket.disconnect();
  }
}

/** The address a phone opens: the relay's address as the phone reaches it, with the code in its fragment. */
export function pairingAddress(base: string, code: string): string {
  const url = new URL(base);
  url.hash = `code=${code}`;
  return url.toString();
}

export async function runPairCommand(args: readonly string[]): Promise<number> {
  const { values } = parseArgs({
    args: [...args],
    options: {
      name: { type: 'string', default: 'Phone' },
      scope: { type: 'string', default: 'answer-and-watch' },
      url: { type: 'string' },
      workspace: { type: 'string' },
      'data-dir': { type: 'string' },
      host: { type: 'string', default: '127.0.0.1' },
      port: { type: 'string', default: '4780' },
      'tls-cert': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(PAIR_USAGE);
    return 0;
  }
  const scope = DeviceScopeSchema.safeParse(values.scope);
  if (!scope.success) throw new Error(`--scope is answer-and-watch or full, not ${JSON.stringify(values.scope)}`);
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`--port must be 1-65535, not ${values.port}`);
  const workspaceRoot = path.resolve(values.workspace ?? process.cwd());
  const dataDir = path.resolve(values['data-dir'] ?? path.join(workspaceRoot, '.baton'));
  const token = launchEnvironment().BATON_TOKEN || (await readTokenFile(dataDir));
  if (token === undefined) throw new Error(`No token in ${dataDir}: start baton on this workspace first (or pass --data-dir).`);
  const host = values.host.includes(':') ? `[${values.host}]` : values.host;
  const certFile = values['tls-cert'];
  const tls = certFile === undefined ? undefined : await trustCertificateFile(certFile);
  const origin = `${tls ? 'https' : 'http'}://${host}:${port}`;
  const { code, expiresAt } = await requestPairingCode({ origin, token, name: values.name, scope: scope.data, ...(tls ? { tls } : {}) });
  const address = pairingAddress(values.url ?? `${origin}/`, code);
  // Loaded here only: the relay itself never draws a QR code in a terminal.
  const { default: QRCode } = await import('qrcode');
  const qr = await QRCode.toString(address, { type: 'terminal', small: true });
  process.stdout.write(`${qr}\nOpen on the device: ${address}\nOr type the code: ${code} (until ${expiresAt}, once)\n`);
  if (values.url === undefined)
    process.stderr.write(
      'baton: that address is this machine\'s own; pass --url with the address your phone reaches (see "Pairing a phone" in the README)\n',
    );
  return 0;
}
