/**
 * The token is checked on every handshake, reconnects included: a client that held a valid token
 * cannot reconnect once that token is revoked (the relay restarted with another one).
 */
import { expect, it } from 'vitest';
import { rawHandshake, startTestRelay, type TestRelay, whenConnected } from './testing/relay-support';
import { connectScriptClient } from './script-client';
import { UNAUTHORIZED_MESSAGE } from './socket-server';

const OLD_TOKEN = 'old-token-'.padEnd(43, 'a');
const NEW_TOKEN = 'new-token-'.padEnd(43, 'b');

async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

it('refuses a reconnect with a token that is no longer valid', async () => {
  const first = await startTestRelay({ token: OLD_TOKEN });
  let second: TestRelay | undefined;
  const socket = connectScriptClient(first.origin, OLD_TOKEN, {
    reconnection: true,
    reconnectionDelay: 50,
    reconnectionDelayMax: 200,
    reconnectionAttempts: 100,
  });
  try {
    expect(await whenConnected(socket)).toEqual({ connected: true });
    let reconnects = 0;
    socket.io.on('reconnect', () => (reconnects += 1));

    await first.close();
    second = await startTestRelay({ token: NEW_TOKEN, port: first.port });
    const relay = second;
    const refusedHandshakes = () => relay.logs.filter((line) => line.endsWith(UNAUTHORIZED_MESSAGE)).length;
    // The client keeps retrying on its own; each retry reaches the new relay and is refused there.
    await until(() => refusedHandshakes() >= 2, 10_000);
    expect(socket.connected).toBe(false);
    expect(reconnects).toBe(0);

    // What each retry met, and that the new token is welcome where the old one is not.
    expect(await rawHandshake(relay.origin, { origin: relay.origin, authorization: `Bearer ${OLD_TOKEN}` })).toEqual({
      status: 400,
      body: UNAUTHORIZED_MESSAGE,
    });
    const fresh = connectScriptClient(relay.origin, NEW_TOKEN);
    expect(await whenConnected(fresh)).toEqual({ connected: true });
    fresh.close();
  } finally {
    socket.close();
    await second?.close();
  }
});
