import { describe, expect, it } from 'vitest';
import { ANTHROPIC_TOOL_NAME_PATTERN, assignToolNames, prefixedToolName } from './mcp-tool-names';

describe('MCP tool names offered to the model', () => {
  it('prefixes the tool with its server', () => {
    expect(prefixedToolName('files', 'read_text_file')).toBe('files__read_text_file');
    expect(prefixedToolName('everything', 'get-sum')).toBe('everything__get-sum');
  });

  it('replaces characters Anthropic does not allow', () => {
    expect(prefixedToolName('git', 'repo/status.v2')).toBe('git__repo_status_v2');
  });

  it('cuts a name that is too long and keeps it distinct with a hash', () => {
    const server = 's'.repeat(32);
    const first = prefixedToolName(server, `${'t'.repeat(40)}_one`);
    const second = prefixedToolName(server, `${'t'.repeat(40)}_two`);
    for (const name of [first, second]) expect(name).toMatch(ANTHROPIC_TOOL_NAME_PATTERN);
    expect(first).toHaveLength(64);
    expect(first).not.toBe(second);
  });

  it('settles a clash between two servers and maps every name back', () => {
    const names = assignToolNames([
      { server: 'a', tools: ['b__c'] },
      { server: 'a__b', tools: ['c'] },
      { server: 'git', tools: ['status', 'status!'] },
    ]);
    expect([...names.keys()]).toHaveLength(4);
    expect(names.get('a__b__c')).toEqual({ server: 'a', tool: 'b__c' });
    expect(names.get('git__status')).toEqual({ server: 'git', tool: 'status' });
    const others = [...names.entries()].filter(([name]) => !['a__b__c', 'git__status'].includes(name));
    expect(others.map(([, address]) => address)).toEqual([
      { server: 'a__b', tool: 'c' },
      { server: 'git', tool: 'status!' },
    ]);
    for (const name of names.keys()) expect(name).toMatch(ANTHROPIC_TOOL_NAME_PATTERN);
  });
});
