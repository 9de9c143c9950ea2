/**
 * `baton user add NAME --role viewer|approver|operator [--workspace DIR] [--data-dir DIR]`: adds a
 * user to the relay's config file (users-config.ts) with a new token. The token is printed once,
 * on stdout, the user's own; the config keeps only its hash, so a copy of the config signs no one
 * in. A running relay reads its users again when the file changes (live-users.ts): the new user
 * can sign in at once.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { RoleSchema } from '../../../lib/protocol/roles';
import { parseAgentConfig, readConfigText } from '../../guard/agent-config';
import { CONFIG_FILE } from '../relay-config';
import { tokenHash, UserEntrySchema, UsersSettingSchema } from './users-config';

export const USER_USAGE = 'Usage: baton user add NAME --role viewer|approver|operator [--workspace DIR] [--data-dir DIR]\n';

/** Adds the user to the config file and returns its new token; refuses a name the file already has. */
export async function addUser(configFile: string, name: string, role: string): Promise<string> {
  const parsedRole = RoleSchema.safeParse(role);
  if (!parsedRole.success) throw new Error(`--role is viewer, approver or operator, not ${JSON.stringify(role)}`);
  const text = await readConfigText(configFile);
  const config: Record<string, unknown> = text === undefined ? {} : parseAgentConfig(text, configFile);
  const { users } = UsersSettingSchema.parse({ users: config.users, trustedProxy: config.trustedProxy });
  const token = randomBytes(32).toString('base64url');
  const entry = UserEntrySchema.safeParse({ name, role: parsedRole.data, tokenHash: tokenHash(token) });
  if (!entry.success) throw new Error(`Cannot add ${JSON.stringify(name)}: ${entry.error.issues[0]?.message}`);
  if (users.some((user) => user.name === entry.data.name)) {
    throw new Error(`${configFile} already has a user named ${JSON.stringify(entry.data.name)}: nothing was changed.`);
  }
  const next = { ...(text === undefined ? {} : JSON.parse(text)), users: [...users, entry.data] };
  // Written beside the file and renamed over it, so that a relay starting meanwhile reads one whole file.
  await mkdir(path.dirname(configFile), { recursive: true });
  const written = `${configFile}.${process.pid}.new`;
  await writeFile(written, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
  await rename(written, configFile);
  return token;
}

export async function runUserCommand(args: readonly string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    options: {
      role: { type: 'string' },
      workspace: { type: 'string' },
      'data-dir': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) {
    process.stdout.write(USER_USAGE);
    return 0;
  }
  const [verb, name, ...rest] = positionals;
  if (verb !== 'add' || name === undefined || rest.length > 0 || values.role === undefined) {
    process.stderr.write(USER_USAGE);
    return 2;
  }
  const workspaceRoot = path.resolve(values.workspace ?? process.cwd());
  const configFile = path.join(path.resolve(values['data-dir'] ?? path.join(workspaceRoot, '.baton')), CONFIG_FILE);
  const token = await addUser(configFile, name, values.role);
  process.stdout.write(`${token}\n`);
  process.stderr.write(
    `baton: ${name} (${values.role}) added to ${configFile}; the token above is shown once. A running relay lets it in at once.\n`,
  );
  return 0;
}
