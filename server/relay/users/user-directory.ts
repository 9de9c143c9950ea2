/**
 * Who a credential or a proxy's header names (users-config.ts): a configured user and its role.
 * Token files are read with the users (at start, and again when live-users.ts sees a change); their
 * tokens are kept only as hashes.
 */
import { timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import type { Role } from '../../../lib/protocol/roles';
import { tokenHash, type TrustedProxy, type UsersSetting } from './users-config';

export interface SignedInUser {
  kind: 'user';
  name: string;
  role: Role;
}

export class UserDirectory {
  private constructor(
    private readonly users: ReadonlyArray<{ name: string; role: Role; hash?: string }>,
    private readonly proxy: TrustedProxy | undefined,
  ) {}

  /** `configDir`: what a relative `tokenFile` is relative to. */
  static async load(setting: UsersSetting, configDir: string): Promise<UserDirectory> {
    const users = await Promise.all(
      setting.users.map(async ({ name, role, tokenHash: hash, tokenFile }) => {
        if (tokenFile === undefined) return { name, role, hash };
        const file = path.resolve(configDir, tokenFile);
        const token = (
          await readFile(file, 'utf8').catch((error: unknown) => {
            throw new Error(`The token file of user ${JSON.stringify(name)}, ${file}, could not be read`, { cause: error });
          })
        ).trim();
        if (token === '') throw new Error(`The token file of user ${JSON.stringify(name)}, ${file}, is empty`);
        return { name, role, hash: tokenHash(token) };
      }),
    );
    return new UserDirectory(users, setting.trustedProxy);
  }

  /** The user whose token this is, if any; every hash is compared, in constant time. */
  identify(token: string): SignedInUser | undefined {
    const presented = Buffer.from(tokenHash(token));
    let found: SignedInUser | undefined;
    for (const { name, role, hash } of this.users) {
      if (hash === undefined || hash.length !== presented.length) continue;
      if (timingSafeEqual(Buffer.from(hash), presented)) found = { kind: 'user', name, role };
    }
    return found;
  }

  /**
   * The user the trusted proxy's header names: undefined when no proxy is trusted or the header
   * is absent; a refusal when the user may not come in.
   */
  fromProxy(headers: IncomingHttpHeaders): SignedInUser | { refusal: string } | undefined {
    if (this.proxy === undefined) return undefined;
    const { userHeader, emailHeader, defaultRole } = this.proxy;
    const name = headerValue(headers, userHeader) ?? (emailHeader === undefined ? undefined : headerValue(headers, emailHeader));
    if (name === undefined) return undefined;
    const role = this.users.find((user) => user.name === name)?.role ?? defaultRole;
    if (role === undefined) return { refusal: `unauthorized: ${JSON.stringify(name)} is not a user of this relay` };
    return { kind: 'user', name, role };
  }
}

function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  return text === undefined || text === '' ? undefined : text;
}
