/** The relay's bundle, built first when missing or older than a relay source (./relay-build.mjs). */
export function ensureRelayBuild(): Promise<string>;
