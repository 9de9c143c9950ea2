/**
 * The environment of a command Baton runs for an agent (the built-in agent's shell_command, an
 * ACP terminal): an allow-list of the relay's variables, so that nothing else of it (the relay's
 * BATON_TOKEN, an ANTHROPIC_API_KEY, a cloud login) reaches a command an agent wrote.
 */

import { withoutRelaySecrets } from './relay-secrets';

/** What a command needs to find programs, read text and write where its user would. */
export const COMMAND_ENVIRONMENT_VARIABLES = ['PATH', 'HOME', 'LANG', 'LC_ALL', 'LC_CTYPE', 'TERM', 'TZ', 'USER', 'LOGNAME'] as const;

export function pickCommandEnvironment(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const name of COMMAND_ENVIRONMENT_VARIABLES) {
    const value = env[name];
    if (value !== undefined) picked[name] = value;
  }
  // A variable the list allows may still hold the relay's token (relay-secrets.ts).
  return withoutRelaySecrets(picked);
}
