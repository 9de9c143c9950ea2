import { describe, expect, it } from 'vitest';
import { parseAgentFlag } from './agent-flag';

describe('--agent', () => {
  it('names an npx agent after its package and splits its words without a shell', () => {
    expect(parseAgentFlag('acp:npx -y @zed-industries/claude-agent-acp')).toEqual({
      name: 'claude-agent-acp',
      entry: { kind: 'acp', command: 'npx', args: ['-y', '@zed-industries/claude-agent-acp'], env: {}, passEnv: [] },
    });
    expect(parseAgentFlag('autohand:autohand --mode rpc').name).toBe('autohand');
    expect(parseAgentFlag(`eca:"/opt/my tools/eca" server`).entry).toMatchObject({ command: '/opt/my tools/eca', args: ['server'] });
  });

  it('takes a name before "=", and a URL for emacs-agent', () => {
    expect(parseAgentFlag('gem=acp:gemini --experimental-acp').name).toBe('gem');
    expect(parseAgentFlag('emacs=emacs-agent:http://127.0.0.1:8080/api')).toEqual({
      name: 'emacs',
      entry: { kind: 'emacs-agent', url: 'http://127.0.0.1:8080/api' },
    });
  });

  it('refuses what it cannot use, saying what it takes', () => {
    expect(() => parseAgentFlag('npx claude')).toThrow(/\[name=\]kind:command/);
    expect(() => parseAgentFlag('builtin:x')).toThrow(/kind must be one of/);
    expect(() => parseAgentFlag('shell:bash')).toThrow(/kind must be one of/);
    expect(() => parseAgentFlag('emacs-agent:not a url')).toThrow(/--agent/);
  });
});
