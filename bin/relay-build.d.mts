import type { BuildOptions } from 'esbuild';

/** esbuild's options for the relay's bundle, written into `outdir` (./relay-build.mjs). */
export function relayBuildOptions(outdir: string): BuildOptions;
/** The relay's bundle, built first when missing or older than a relay source (./relay-build.mjs). */
export function ensureRelayBuild(): Promise<string>;
