import { describe, expect, it } from 'vitest';
import { holdRelaySecret } from '../../../process/relay-secrets';
import { McpServersConfigSchema, serverEnvironment, McpStdioServerConfigSchema } from './mcp-config';

describe('the MCP servers config', () => {
  it('accepts a stdio command and an HTTP URL, filling in the defaults', () => {
    const config = McpServersConfigSchema.parse({
      files: { command: 'mcp-server-filesystem', args: ['.'] },
      remote_1: { url: 'https://example.test/mcp', headers: { Authorization: 'Bearer x' }, disabled: true },
    });
    expect(config).toEqual({
      files: { command: 'mcp-server-filesystem', args: ['.'], env: {}, disabled: false },
      remote_1: { url: 'https://example.test/mcp', headers: { Authorization: 'Bearer x' }, disabled: true },
    });
  });

  it.each([
    ['an upper-case name', { Files: { command: 'x' } }],
    ['a name with a dot', { 'my.server': { command: 'x' } }],
    ['a name longer than 32 characters', { ['a'.repeat(33)]: { command: 'x' } }],
    ['an empty command', { files: { command: '' } }],
    ['both a command and a URL', { files: { command: 'x', url: 'https://example.test/mcp' } }],
    ['neither a command nor a URL', { files: { args: ['x'] } }],
    ['a URL that is not http(s)', { files: { url: 'file:///tmp/socket' } }],
    ['a key the schema does not know', { files: { command: 'x', shell: true } }],
    ["a variable named as the relay's token", { files: { command: 'x', env: { BATON_TOKEN: 'x' } } }],
  ])('refuses %s', (_case, config) => {
    expect(McpServersConfigSchema.safeParse(config).success).toBe(false);
  });
});

describe("a stdio server's environment", () => {
  it('takes PATH and HOME from the relay and nothing else but its own variables', () => {
    const config = McpStdioServerConfigSchema.parse({ command: 'x', env: { API_URL: 'http://localhost', HOME: '/srv/mcp' } });
    const inherited = { PATH: '/usr/bin', HOME: '/home/relay', ANTHROPIC_API_KEY: 'sk-secret', BATON_TOKEN: 'secret' };
    expect(serverEnvironment(config, inherited)).toEqual({ PATH: '/usr/bin', HOME: '/srv/mcp', API_URL: 'http://localhost' });
  });

  it("leaves out a variable whose value is the relay's live token", () => {
    const token = 'mcp-config-test-token-0123456789abcdef';
    const release = holdRelaySecret(token);
    try {
      const config = McpStdioServerConfigSchema.parse({ command: 'x', env: { COPIED: token, API_URL: 'http://localhost' } });
      expect(serverEnvironment(config, { PATH: '/usr/bin' })).toEqual({ PATH: '/usr/bin', API_URL: 'http://localhost' });
    } finally {
      release();
    }
  });

  it('leaves out a variable the relay does not have', () => {
    const config = McpStdioServerConfigSchema.parse({ command: 'x' });
    expect(serverEnvironment(config, { PATH: '/usr/bin' })).toEqual({ PATH: '/usr/bin' });
  });
});
