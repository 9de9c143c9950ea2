/**
 * The whole environment of an external agent's process. Nothing of the relay's own environment
 * reaches a child unless the config names it: the relay's token and any key it holds stay with
 * the relay (DESIGN.md, decision 5).
 */
import { withoutRelaySecrets } from '../../process/relay-secrets';
import type { StdioAgentEntry } from '../agents-config';

/** What any program needs to find itself and its files. */
const BASE_VARIABLES = ['PATH', 'HOME', 'LANG', 'TERM'] as const;

export function childEnvironment(
  entry: Pick<StdioAgentEntry, 'env' | 'passEnv'>,
  relayEnv: Readonly<Record<string, string | undefined>>,
  onDropped?: (name: string) => void,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of [...BASE_VARIABLES, ...entry.passEnv]) {
    const value = relayEnv[name];
    if (value !== undefined) env[name] = value;
  }
  // A value copied from the token file into `env` is left out too (server/process/relay-secrets.ts).
  return withoutRelaySecrets({ ...env, ...entry.env }, onDropped);
}
