import { expect, it } from 'vitest';
import { installFolderOf } from './installed-agent-folder';

it('finds the version folder of a program Add agent installed, and nothing for any other program', () => {
  const data = '/srv/baton-data';
  expect(installFolderOf(data, '/srv/baton-data/tools/agents/tiny/1.0.0/node_modules/.bin/tiny')).toBe(
    '/srv/baton-data/tools/agents/tiny/1.0.0',
  );
  // The folder of every version, the data folder itself, and a way out through `..` are never shown.
  expect(installFolderOf(data, '/srv/baton-data/tools/agents/tiny/1.0.0')).toBeUndefined();
  expect(installFolderOf(data, '/srv/baton-data/config.json')).toBeUndefined();
  expect(installFolderOf(data, '/srv/baton-data/tools/agents/tiny/../../../config.json')).toBeUndefined();
  expect(installFolderOf(data, '/usr/bin/claude')).toBeUndefined();
  expect(installFolderOf(data, 'claude')).toBeUndefined();
});
