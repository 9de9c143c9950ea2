/**
 * The relay's secrets stay with the relay (DESIGN.md, decision 5): no child it starts (an agent,
 * an MCP server, a shell command, a terminal, the browser opener, the UI build) gets them in its
 * environment or its arguments. Every place that builds a child's environment passes it through
 * `withoutRelaySecrets`; the commands a config file names are checked with
 * `argumentsHoldingRelaySecret` before they run.
 *
 * The relay's live token is held here while the relay runs (and a rotated one replaces it), so
 * that a value copied from the token file into a config's `env` is caught as well as the name
 * `BATON_TOKEN`.
 */

import type { z } from 'zod';

/** Variables that only ever hold the relay's own secrets: its token, and a database URL that may hold a password. */
export const RELAY_SECRET_VARIABLES: ReadonlySet<string> = new Set(['BATON_TOKEN', 'BATON_DATABASE_URL']);

const secretNameMessage = (name: string) => `${name} is the relay's own secret, which nothing the relay starts is given`;

/** A config file's name of a variable for a child (`passEnv`): never one of the relay's secrets. */
export function childVariableName(schema: z.ZodString) {
  return schema.refine((name) => !RELAY_SECRET_VARIABLES.has(name), { error: (issue) => secretNameMessage(String(issue.input)) });
}

/** A config file's variables for a child (`env`): none named as one of the relay's secrets. */
export function refuseRelaySecretNames(env: Record<string, string>, context: z.RefinementCtx): void {
  for (const name of Object.keys(env)) {
    if (RELAY_SECRET_VARIABLES.has(name)) context.addIssue({ code: 'custom', path: [name], message: secretNameMessage(name) });
  }
}

/**
 * Below this length a token is matched only as a whole value: a short one set by hand in
 * BATON_TOKEN could occur by chance inside PATH.
 */
const SHORTEST_CONTAINED_SECRET = 16;

const held = new Map<string, number>();

/** Holds `secret` until the returned function is called; a secret held twice is released twice. */
export function holdRelaySecret(secret: string): () => void {
  held.set(secret, (held.get(secret) ?? 0) + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const count = (held.get(secret) ?? 1) - 1;
    if (count <= 0) held.delete(secret);
    else held.set(secret, count);
  };
}

/** Whether `value` is, or holds, a secret the relay holds now. */
export function holdsRelaySecret(value: string): boolean {
  for (const secret of held.keys()) {
    if (value === secret) return true;
    if (secret.length >= SHORTEST_CONTAINED_SECRET && value.includes(secret)) return true;
  }
  return false;
}

/**
 * The environment without the relay's secrets: the variables named in RELAY_SECRET_VARIABLES and
 * any variable whose value holds a secret the relay holds. `onDropped` hears each name left out.
 */
export function withoutRelaySecrets(
  env: Readonly<Record<string, string | undefined>>,
  onDropped?: (name: string) => void,
): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) continue;
    if (RELAY_SECRET_VARIABLES.has(name) || holdsRelaySecret(value)) {
      onDropped?.(name);
      continue;
    }
    kept[name] = value;
  }
  return kept;
}

export const SECRET_IN_COMMAND_LINE =
  "its command line holds the relay's token, which every local user could read while it runs; take it out of config.json";

/** The position of the first argument that holds a secret the relay holds, or -1 when none does. */
export function argumentsHoldingRelaySecret(args: readonly string[]): number {
  return args.findIndex((arg) => holdsRelaySecret(arg));
}
