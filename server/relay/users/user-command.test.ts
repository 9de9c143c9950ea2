/**
 * `baton user add`: the new user's token signs it in with its role, the config file keeps only
 * the token's hash beside what it already held, and a second user of the same name or an unknown
 * role is refused without changing the file.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { addUser } from './user-command';
import { UserDirectory } from './user-directory';
import { UsersSettingSchema } from './users-config';

let folder: string;
let configFile: string;

beforeEach(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'baton-user-command-'));
  configFile = path.join(folder, 'config.json');
  await writeFile(configFile, JSON.stringify({ basePath: '/baton' }));
});

afterEach(() => rm(folder, { recursive: true, force: true }));

it('adds a user whose token signs in with its role, keeping only the hash in the config', async () => {
  const token = await addUser(configFile, 'april', 'approver');
  const text = await readFile(configFile, 'utf8');
  expect(text).not.toContain(token);
  const config = JSON.parse(text);
  expect(config.basePath).toBe('/baton');
  const users = await UserDirectory.load(UsersSettingSchema.parse(config), folder);
  expect(users.identify(token)).toEqual({ kind: 'user', name: 'april', role: 'approver' });
  expect(users.identify(`${token}x`)).toBeUndefined();
});

it('refuses a name the config already has, and a role that does not exist, changing nothing', async () => {
  await addUser(configFile, 'april', 'approver');
  const before = await readFile(configFile, 'utf8');
  await expect(addUser(configFile, 'april', 'viewer')).rejects.toThrow(
    `${configFile} already has a user named "april": nothing was changed.`,
  );
  await expect(addUser(configFile, 'otto', 'admin')).rejects.toThrow('--role is viewer, approver or operator, not "admin"');
  expect(await readFile(configFile, 'utf8')).toBe(before);
});
