/**
 * The relay's users, from its config file (relay-config.ts): each named, with a role
 * (lib/protocol/roles.ts) and a way to sign in. A token is never written in the config: a user
 * has the token's hash (`tokenHash`, which `baton user add` prints) or a file holding the token
 * (`tokenFile`). Behind a team's OIDC proxy (oauth2-proxy and the like), `trustedProxy` names the
 * header that carries the signed-in user; absent, no header is ever believed.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { RoleSchema } from '../../../lib/protocol/roles';

const TOKEN_HASH = /^sha256:[0-9a-f]{64}$/;

/**
 * A token's hash as the config holds it. A plain SHA-256 suffices: Baton's tokens are 32 random
 * bytes, which no dictionary holds, so a slow password hash would buy nothing.
 */
export function tokenHash(token: string): string {
  return `sha256:${createHash('sha256').update(token).digest('hex')}`;
}

const HeaderNameSchema = z.string().regex(/^[A-Za-z0-9-]+$/, 'a header name holds only letters, digits and dashes');

export const UserEntrySchema = z
  .object({
    name: z.string().trim().min(1, 'a user needs a name').max(120, 'a user name holds at most 120 characters'),
    role: RoleSchema,
    tokenHash: z.string().regex(TOKEN_HASH, 'tokenHash is "sha256:" and 64 hex digits, as `baton user add` prints it').optional(),
    tokenFile: z.string().min(1).optional(),
    token: z
      .never({ error: 'a token is never written in the config file: give its tokenHash (`baton user add` prints one) or a tokenFile' })
      .optional(),
  })
  .strict();
export type UserEntry = z.infer<typeof UserEntrySchema>;

export const TrustedProxySchema = z
  .object({
    /** The header the proxy sets to the signed-in user's name, e.g. `X-Forwarded-User` (oauth2-proxy). */
    userHeader: HeaderNameSchema,
    /** Read when the user header is absent, e.g. `X-Forwarded-Email`. */
    emailHeader: HeaderNameSchema.optional(),
    /** The role of a signed-in user whom `users` does not name; absent, such a user is refused. */
    defaultRole: RoleSchema.optional(),
  })
  .strict();
export type TrustedProxy = z.infer<typeof TrustedProxySchema>;

export const UsersSettingSchema = z.object({
  users: z
    .array(UserEntrySchema)
    .default([])
    .refine((users) => new Set(users.map((user) => user.name)).size === users.length, 'two users have the same name'),
  trustedProxy: TrustedProxySchema.optional(),
});
export type UsersSetting = z.infer<typeof UsersSettingSchema>;
