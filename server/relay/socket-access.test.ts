/**
 * Who may open a socket to the relay: every refusal seen from a real client against a real relay
 * on loopback. A raw WebSocket handshake shows what `allowRequest` answers before socket.io's
 * middleware runs; socket.io-client shows what a script (or the page, with `auth`) sees.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RpcReply, rawHandshake, rpcClient, startTestRelay, type TestRelay, whenConnected } from './testing/relay-support';
import { connectScriptClient } from './script-client';
import { UNAUTHORIZED_MESSAGE } from './socket-server';

const TRUSTED_ORIGIN = 'http://code.example:8443';

let test: TestRelay;
let token: string;

beforeAll(async () => {
  test = await startTestRelay({ access: { trustedOrigins: [TRUSTED_ORIGIN] } });
  token = test.relay.token;
});

afterAll(async () => {
  await test?.close();
});

describe('the socket.io handshake', () => {
  const own = () => ({ origin: test.origin, authorization: `Bearer ${token}` });

  it('is accepted from the relay’s own origin with the bearer token', async () => {
    expect(await rawHandshake(test.origin, own())).toEqual({ status: 101, body: '' });
  });

  it('is refused without an Origin, even with the token', async () => {
    const noOrigin = await rawHandshake(test.origin, { authorization: `Bearer ${token}` });
    expect(noOrigin).toEqual({ status: 400, body: 'origin missing' });
  });

  it('is refused from a foreign origin or a non-loopback IP origin, even with the token', async () => {
    const foreign = ['https://evil.example', `http://192.168.1.5:${test.port}`, `http://localhost:${test.port + 1}`, 'null'];
    for (const origin of foreign) {
      expect(await rawHandshake(test.origin, { ...own(), origin })).toEqual({ status: 400, body: 'origin not allowed' });
    }
  });

  it('is refused when it names another host (DNS rebinding)', async () => {
    const rebound = { ...own(), host: `evil.example:${test.port}`, origin: `http://evil.example:${test.port}` };
    expect(await rawHandshake(test.origin, rebound)).toEqual({ status: 400, body: 'host not allowed' });
  });

  it('is refused with a wrong bearer token before any socket.io middleware', async () => {
    const wrong = { origin: test.origin, authorization: `Bearer ${token.slice(0, -1)}x` };
    expect(await rawHandshake(test.origin, wrong)).toEqual({ status: 400, body: UNAUTHORIZED_MESSAGE });
  });

  it('is accepted from a configured trusted origin, and only that exact origin', async () => {
    expect((await rawHandshake(test.origin, { ...own(), origin: TRUSTED_ORIGIN })).status).toBe(101);
    for (const origin of ['https://code.example:8443', 'http://code.example', 'http://code.example:8444']) {
      expect((await rawHandshake(test.origin, { ...own(), origin })).status).toBe(400);
    }
  });

  it('refuses the polling transport, whose same-origin handshake carries no Origin', async () => {
    const response = await fetch(`${test.origin}/socket.io/?EIO=4&transport=polling`, { headers: own() });
    expect(response.status).toBe(400);
  });
});

describe('a script client', () => {
  it('connects with the bearer token and its Origin, and JSON-RPC works', async () => {
    const socket = connectScriptClient(test.origin, token);
    try {
      expect(await whenConnected(socket)).toEqual({ connected: true });
      expect((await rpcClient(socket).call('getThreads')).result).toEqual({ threads: [] });
    } finally {
      socket.close();
    }
  });

  it('connects with the token in `auth` alone, as the page sends it', async () => {
    const socket = connectScriptClient(test.origin, undefined, { auth: { token } });
    try {
      expect(await whenConnected(socket)).toEqual({ connected: true });
      expect((await rpcClient(socket).call('getThreads')).result).toEqual({ threads: [] });
    } finally {
      socket.close();
    }
  });

  it('is refused at connect without a token, with a wrong one in `auth`, or with only a cookie', async () => {
    const attempts = [
      connectScriptClient(test.origin, undefined),
      connectScriptClient(test.origin, undefined, { auth: { token: 'not-the-token' } }),
      // A cookie is no credential: every port of the host receives it, and any page there may set it.
      connectScriptClient(test.origin, undefined, { extraHeaders: { cookie: `baton_token=${token}` } }),
    ];
    try {
      // Each socket's outcome is listened for at once: awaited one after another, a refusal that
      // came while an earlier one was awaited was never heard, and the test waited for it in vain.
      const outcomes = await Promise.all(attempts.map(whenConnected));
      expect(outcomes).toEqual(attempts.map(() => ({ connected: false, error: UNAUTHORIZED_MESSAGE })));
    } finally {
      for (const socket of attempts) socket.close();
    }
  });
});

it('no thread exists after refused clients try to create some', async () => {
  const attempts = [
    connectScriptClient(test.origin, undefined),
    connectScriptClient(test.origin, 'not-the-token'),
    connectScriptClient(test.origin, token, { extraHeaders: { origin: 'https://evil.example' } }),
    // Past the handshake with the bearer token, then refused by the middleware's `auth` check.
    connectScriptClient(test.origin, token, { auth: { token: 'not-the-token' } }),
  ];
  const outcomes = await Promise.all(
    attempts.map(async (socket) => {
      const rpc = rpcClient(socket);
      rpc.send('createThread');
      rpc.send('chat/prompt', { message: 'make a thread' });
      return whenConnected(socket);
    }),
  );
  expect(outcomes.map((outcome) => outcome.connected)).toEqual([false, false, false, false]);
  for (const socket of attempts) socket.close();

  const allowed = connectScriptClient(test.origin, token);
  try {
    await whenConnected(allowed);
    const reply: RpcReply = await rpcClient(allowed).call('getThreads');
    expect(reply.result).toEqual({ threads: [] });
  } finally {
    allowed.close();
  }
});

it('never writes the token to its log', () => {
  expect(test.logs.some((line) => line.includes('socket handshake refused'))).toBe(true);
  expect(test.logs.join('\n')).not.toContain(token);
});
