/**
 * The ACP SDK, loaded when the first ACP agent process starts instead of at the relay's start-up:
 * it costs about 7 MiB that a relay running no ACP agent need not hold (issue 10, bench item 5).
 * The relay is bundled with packages kept external, and the bundler hoists every static import of
 * a package to the top, so only this dynamic import defers it; everything else names the SDK's
 * types through type-only imports.
 */
import type * as AcpSdkModule from '@agentclientprotocol/sdk';

export type AcpSdk = typeof AcpSdkModule;

let loading: Promise<AcpSdk> | undefined;
let loaded: AcpSdk | undefined;

export function loadAcpSdk(): Promise<AcpSdk> {
  loading ??= import('@agentclientprotocol/sdk').then((sdk) => (loaded = sdk));
  return loading;
}

/**
 * The SDK's `RequestError`, for answering what an agent asks of Baton: every such request arrives
 * on a connection the SDK made (acp-live-agent.ts loads it first), so the SDK is there by then.
 */
export function acpRequestError(): AcpSdk['RequestError'] {
  if (!loaded) throw new Error('an ACP request was answered before the ACP SDK was loaded');
  return loaded.RequestError;
}
