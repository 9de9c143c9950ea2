/**
 * `POST /sign-in-code` with `{"code": "…"}`: the page's one exchange of a code from `--open`
 * (./sign-in-codes.ts) for the token. It reaches here only through the guarded handler's Host and
 * Origin checks (./http-handler.ts), like every request that is not a GET: a page of another
 * origin cannot make it, and could not read the answer if it did. The body must be JSON (a form
 * of another page cannot send that without the browser asking the relay first) and is read up
 * to SIGN_IN_CODE_MAX_BODY_BYTES before it is parsed.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { normalPairingCode } from '../../lib/protocol/devices';
import {
  PAIRING_CODE_EXPIRED_MESSAGE,
  PAIRING_CODE_UNKNOWN_MESSAGE,
  SIGN_IN_CODE_EXPIRED_MESSAGE,
  SIGN_IN_CODE_MAX_BODY_BYTES,
  SIGN_IN_CODE_UNKNOWN_MESSAGE,
  type SignInCodeAnswer,
  SignInCodeRequestSchema,
} from '../../lib/protocol/sign-in-code';
import type { DeviceRegistry } from './devices/device-registry';
import type { SignInCodes } from './sign-in-codes';

export interface SignInExchangeOptions {
  codes: SignInCodes;
  /** The token a code gives: the current one (it may have been rotated since the code was made). */
  token: () => string | undefined;
  log: (message: string) => void;
  /** Paired devices: a short pairing code (`ABCD-EFGH`) is exchanged for a new device's own credential instead. */
  devices?: DeviceRegistry;
}

export function createSignInExchange({ codes, token, log, devices }: SignInExchangeOptions) {
  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/json') {
      request.resume();
      return answer(response, 415, { error: 'A sign-in code is sent as JSON: {"code": "…"}.' });
    }
    const body = await readBounded(request, SIGN_IN_CODE_MAX_BODY_BYTES);
    if (body.kind === 'failed') return void response.destroy();
    if (body.kind === 'too-large') {
      // The rest of the body is never read: the connection cannot carry another request.
      response.setHeader('Connection', 'close');
      return answer(response, 413, { error: `A sign-in request holds at most ${SIGN_IN_CODE_MAX_BODY_BYTES} bytes.` });
    }
    const parsed = SignInCodeRequestSchema.safeParse(parseJson(body.text));
    if (!parsed.success)
      return answer(response, 400, { error: 'A sign-in request is {"code": "…"}, with the code from the address Baton opened.' });
    if (devices && normalPairingCode(parsed.data.code) !== undefined) return pair(devices, parsed.data.code, response);
    const outcome = codes.redeem(parsed.data.code);
    const current = token();
    if (outcome === 'redeemed' && current !== undefined) {
      // Said in the log, so that a code someone else used first (the page then says it was used) shows.
      log('a sign-in code from --open was exchanged for the token');
      return answer(response, 200, { token: current });
    }
    log(`a sign-in code was refused: ${outcome === 'expired' ? 'it had expired' : 'used already, or never made'}`);
    return answer(response, 401, { error: outcome === 'expired' ? SIGN_IN_CODE_EXPIRED_MESSAGE : SIGN_IN_CODE_UNKNOWN_MESSAGE });
  };
}

async function pair(devices: DeviceRegistry, code: string, response: ServerResponse): Promise<void> {
  let outcome: Awaited<ReturnType<DeviceRegistry['pair']>>;
  try {
    outcome = await devices.pair(code);
  } catch (error) {
    // The list of devices could not be written: no credential is given that the relay would not know after a restart.
    return answer(response, 500, { error: `The device could not be paired: ${error instanceof Error ? error.message : String(error)}` });
  }
  if (outcome.kind === 'paired') {
    const { name, scope } = outcome.device;
    return answer(response, 200, { token: outcome.credential, device: { name, scope } });
  }
  return answer(response, 401, { error: outcome.kind === 'expired' ? PAIRING_CODE_EXPIRED_MESSAGE : PAIRING_CODE_UNKNOWN_MESSAGE });
}

function answer(response: ServerResponse, status: number, body: SignInCodeAnswer): void {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  response.end(JSON.stringify(body));
}

export type BodyRead = { kind: 'read'; text: string } | { kind: 'too-large' } | { kind: 'failed' };

/** The body as text, unless it grows past `limit` bytes (the rest is not read) or the request fails. Never rejects. */
export function readBounded(request: IncomingMessage, limit: number): Promise<BodyRead> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      request.off('data', onData);
      request.pause();
      resolve({ kind: 'too-large' });
    };
    request.on('data', onData);
    request.once('end', () => resolve({ kind: 'read', text: Buffer.concat(chunks).toString('utf8') }));
    // A client that goes away mid-request: there is nobody left to answer.
    request.once('error', () => resolve({ kind: 'failed' }));
  });
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // Not JSON: the schema check that follows refuses it with the request's shape.
    return undefined;
  }
}
