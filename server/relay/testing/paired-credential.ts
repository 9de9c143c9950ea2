/** Pairs a device as its page does, for the relay's tests: a code from the main token's tab, exchanged once for the device's own credential. */
import type { RelayClient } from '../../../e2e/support/relay-client';
import type { DeviceScope } from '../../../lib/protocol/devices';

export async function pairedCredential(origin: string, laptop: RelayClient, name: string, scope: DeviceScope): Promise<string> {
  const { code } = await laptop.rpc.request('devices/startPairing', { name, scope });
  const response = await fetch(`${origin}/sign-in-code`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  return ((await response.json()) as { token: string }).token;
}
