import { describe, expect, it } from 'vitest';
import type { ToolApprovalRule } from './agent-config';
import { callCommands } from './call-commands';
import { ApprovalPolicy, describeRule } from './approval-policy';
import type { PathAccess } from './path-arguments';

/** How the runner judges a shell call: its command line parsed (server/guard). */
const shell = async (command: unknown) => {
  const call = { name: 'shell_command', arguments: { command } };
  return { ...call, readOnly: false, commands: await callCommands(call) };
};

describe('ApprovalPolicy', () => {
  it('allows read-only tools and asks for the others by default', () => {
    const policy = new ApprovalPolicy();
    expect(policy.decide({ name: 'read_file', arguments: {}, readOnly: true })).toEqual({ decision: 'allow' });
    expect(policy.decide({ name: 'write_file', arguments: {}, readOnly: false })).toEqual({ decision: 'ask' });
    expect(policy.decide({ name: 'everything__echo', arguments: {}, readOnly: false })).toEqual({ decision: 'ask' });
  });

  it('lets deny win over allow, allow over ask, and ask override a read-only default', async () => {
    const rules: ToolApprovalRule[] = [
      { tool: 'shell_command', decision: 'ask' },
      { tool: 'shell_command', decision: 'allow', when: { argument: 'command', startsWith: 'git ' } },
      { tool: 'shell_command', decision: 'deny', when: { argument: 'command', matches: '^git\\s+push\\b' } },
      { tool: 'read_file', decision: 'ask', when: { argument: 'path', matches: '(^|/)\\.env' } },
    ];
    const policy = new ApprovalPolicy(rules);
    expect(policy.decide(await shell('git status'))).toMatchObject({ decision: 'allow', rule: { index: 1 } });
    expect(policy.decide(await shell('git push --force'))).toMatchObject({ decision: 'deny', rule: { index: 2 } });
    expect(policy.decide(await shell('ls'))).toMatchObject({ decision: 'ask', rule: { index: 0 } });
    expect(policy.decide({ name: 'read_file', arguments: { path: 'app/.env.local' }, readOnly: true })).toMatchObject({
      decision: 'ask',
    });
    expect(policy.decide({ name: 'read_file', arguments: { path: 'README.md' }, readOnly: true })).toEqual({ decision: 'allow' });
  });

  it('matches equals exactly, and needs every test of a when to hold', async () => {
    const policy = new ApprovalPolicy([
      { tool: 'shell_command', decision: 'allow', when: { argument: 'command', equals: 'npm test' } },
      { tool: 'write_file', decision: 'allow', when: { argument: 'path', startsWith: 'docs/', matches: '\\.md$' } },
    ]);
    expect(policy.decide(await shell('npm test')).decision).toBe('allow');
    // A rule naming one whole line allows that very line, expansions and redirects included.
    const exactLine = "tr '\\0' '\\n' < /proc/$PPID/environ";
    const exact = new ApprovalPolicy([{ tool: 'shell_command', decision: 'allow', when: { argument: 'command', equals: exactLine } }]);
    expect(exact.decide(await shell(exactLine)).decision).toBe('allow');
    expect(exact.decide(await shell(`${exactLine}; rm x`)).decision).toBe('ask');
    expect(policy.decide(await shell('npm test -- --watch')).decision).toBe('ask');
    const write = (path: string) => policy.decide({ name: 'write_file', arguments: { path }, readOnly: false }).decision;
    expect(write('docs/a.md')).toBe('allow');
    expect(write('docs/a.ts')).toBe('ask');
    expect(write('src/a.md')).toBe('ask');
  });

  it('does not let a prefix or pattern allow a command line that chains more commands', async () => {
    const policy = new ApprovalPolicy([
      { tool: 'shell_command', decision: 'allow', when: { argument: 'command', startsWith: 'git status' } },
      { tool: 'shell_command', decision: 'deny', when: { argument: 'command', matches: 'curl' } },
    ]);
    for (const command of [
      'git status; rm -rf ~',
      'git status && curl x | sh',
      'git status $(rm x)',
      'git status `id`',
      'git status > out',
      'git status\nrm x',
    ]) {
      expect(policy.decide(await shell(command)).decision, command).not.toBe('allow');
    }
    expect(policy.decide(await shell('git status --short')).decision).toBe('allow');
    // Deny rules hold whatever the value contains.
    expect(policy.decide(await shell('echo a; curl x')).decision).toBe('deny');
  });

  it('compares numbers and booleans as written, and never matches other values or missing arguments', async () => {
    const policy = new ApprovalPolicy([
      { tool: 'move_file', decision: 'deny', when: { argument: 'overwrite', equals: 'true' } },
      { tool: 'shell_command', decision: 'allow', when: { argument: 'command', startsWith: 'ls' } },
    ]);
    expect(policy.decide({ name: 'move_file', arguments: { overwrite: true }, readOnly: false }).decision).toBe('deny');
    expect(policy.decide({ name: 'move_file', arguments: {}, readOnly: false }).decision).toBe('ask');
    // An argv array (as Codex sends its commands) is a command like any other.
    expect(policy.decide(await shell(['ls'])).decision).toBe('allow');
    expect(policy.decide(await shell(42)).decision).toBe('ask');
  });
});

describe('rules about paths', () => {
  /** How the runner judges a call: each path argument resolved inside the workspace. */
  const call = (name: string, raw: string, resolved: string, access: PathAccess[], readOnly = false) => ({
    name,
    arguments: { path: raw },
    readOnly,
    paths: [{ argument: 'path', path: resolved, access }],
  });

  it('match the resolved path, never the string the model wrote', () => {
    const policy = new ApprovalPolicy([{ tool: 'write_file', decision: 'allow', when: { argument: 'path', startsWith: 'docs/' } }]);
    expect(policy.decide(call('write_file', 'docs/a.md', 'docs/a.md', ['write'])).decision).toBe('allow');
    expect(policy.decide(call('write_file', 'docs/../src/a.ts', 'src/a.ts', ['write'])).decision).toBe('ask');
    expect(policy.decide(call('write_file', 'docs/../.git/config', '.git/config', ['write']))).toEqual({
      decision: 'ask',
      alwaysAsks: 'a change inside .git always asks',
    });
  });

  it('always ask for a change inside .git, whatever allows it; a deny still refuses', () => {
    const allowAll = new ApprovalPolicy([
      { tool: 'write_file', decision: 'allow' },
      { tool: 'move_file', decision: 'allow' },
    ]);
    for (const target of ['.git/hooks/pre-commit', '.git/config', 'vendor/lib/.git/config', '.git']) {
      expect(allowAll.decide(call('write_file', target, target, ['write'])), target).toMatchObject({
        decision: 'ask',
        alwaysAsks: expect.any(String),
      });
    }
    expect(allowAll.decide(call('write_file', '.github/ci.yml', '.github/ci.yml', ['write'])).decision).toBe('allow');
    // Reading .git is no change.
    expect(new ApprovalPolicy().decide(call('read_file', '.git/config', '.git/config', ['read'], true)).decision).toBe('allow');
    const denied = new ApprovalPolicy([{ tool: 'write_file', decision: 'deny', when: { argument: 'path', startsWith: '.git/' } }]);
    expect(denied.decide(call('write_file', '.git/config', '.git/config', ['write'])).decision).toBe('deny');
  });

  it('guard a path from every tool that reads or changes it, and from grep and glob', () => {
    const policy = new ApprovalPolicy([
      { tool: 'read_file', decision: 'ask', when: { argument: 'path', matches: '(^|/)\\.env' } },
      { tool: 'write_file', decision: 'deny', when: { argument: 'path', startsWith: 'locked/' } },
      { tool: 'edit_file', decision: 'allow' },
    ]);
    expect(policy.decide(call('edit_file', 'app/.env', 'app/.env', ['read', 'write']))).toMatchObject({
      decision: 'ask',
      alwaysAsks: 'asked by your rule "ask read_file when path matches /(^|/)\\.env/"',
    });
    expect(policy.decide(call('read_text_file', '.env', '.env', ['read'], true)).decision).toBe('ask');
    expect(policy.decide(call('edit_file', 'locked/a.md', 'locked/a.md', ['read', 'write'])).decision).toBe('deny');
    expect(policy.decide(call('edit_file', 'src/a.ts', 'src/a.ts', ['read', 'write'])).decision).toBe('allow');
    expect(policy.readGuard('app/.env', 'grep')).toMatchObject({ index: 0 });
    expect(policy.readGuard('src/a.ts', 'grep')).toBeUndefined();
    // A rule about changing a path says nothing about reading it.
    expect(policy.readGuard('locked/a.md', 'grep')).toBeUndefined();
  });

  it('hold a deny for every command a line chains, however it is written', async () => {
    const policy = new ApprovalPolicy([{ tool: 'shell_command', decision: 'deny', when: { argument: 'command', startsWith: 'rm' } }]);
    for (const command of [
      'rm -rf x',
      'true && rm -rf x',
      'echo a;rm x',
      'ls | rm x',
      'sh -c "rm x"',
      "bash -c 'rm x'",
      'echo $(rm x)',
      'x\nrm y',
    ]) {
      expect(policy.decide(await shell(command)).decision, command).toBe('deny');
    }
    expect(policy.decide(await shell('echo rm')).decision).toBe('ask');
  });
});

describe('rules about what runs', () => {
  const denyRm = new ApprovalPolicy([{ action: 'execute', program: 'rm', decision: 'deny' }]);

  it('refuse rm however it is written or wrapped', async () => {
    const lines = [
      "r''m -f victim.txt",
      '\\rm victim.txt',
      '"rm" victim.txt',
      'command rm victim.txt',
      '$(echo rm) victim.txt',
      'env rm victim.txt',
      "bash -c 'rm victim.txt'",
      '/bin/rm victim.txt',
      'sudo -u root rm victim.txt',
      'ls | xargs rm',
      'find . -name x -exec rm {} \\;',
      'echo ok && nice -n 5 rm victim.txt',
    ];
    for (const line of lines) expect(denyRm.decide(await shell(line)).decision, line).toBe('deny');
    expect(denyRm.decide(await shell(['/bin/bash', '-lc', 'rm -f victim.txt'])).decision).toBe('deny');
  });

  it('let other commands ask as before', async () => {
    for (const line of ['echo rm', 'ls -la', 'git rm --cached x']) expect(denyRm.decide(await shell(line)).decision, line).toBe('ask');
  });

  it('ask every time for a command that cannot be read, and let a deny rule that might apply win', async () => {
    expect(new ApprovalPolicy().decide(await shell("rm 'x"))).toMatchObject({
      decision: 'ask',
      alwaysAsks: expect.stringContaining('Baton cannot see what it runs'),
    });
    expect(denyRm.decide(await shell("rm 'x")).decision).toBe('deny');
    const allowAll = new ApprovalPolicy([{ action: 'execute', decision: 'allow' }]);
    expect(allowAll.decide(await shell('$(cat cmd) x')).decision).toBe('ask');
  });

  it('allow a call only when allow rules cover each command it runs and it writes nothing', async () => {
    const policy = new ApprovalPolicy([
      { action: 'execute', program: 'git', args: { startsWith: 'log' }, decision: 'allow' },
      { action: 'execute', program: 'head', decision: 'allow' },
    ]);
    expect(policy.decide(await shell('git log --oneline | head -5')).decision).toBe('allow');
    expect(policy.decide(await shell("bash -lc 'git log -1'")).decision).toBe('allow');
    expect(policy.decide(await shell('git log 2>/dev/null')).decision).toBe('allow');
    for (const line of ['git log | sh', 'git push', 'git log > out.txt', 'git log $(rm x)']) {
      expect(policy.decide(await shell(line)).decision, line).toBe('ask');
    }
  });

  it('hold an ask about a command every time, even after approve for this session', async () => {
    const policy = new ApprovalPolicy([
      { tool: 'shell_command', decision: 'allow' },
      { action: 'execute', program: 'curl', decision: 'ask' },
    ]);
    expect(policy.decide(await shell('curl -s x | jq .'))).toMatchObject({
      decision: 'ask',
      alwaysAsks: 'asked by your rule "ask execute curl"',
    });
    expect(policy.decide(await shell('ls')).decision).toBe('allow');
  });
});

describe('action rules about paths', () => {
  const call = (name: string, target: string, access: PathAccess[], readOnly = false) => ({
    name,
    arguments: { path: target },
    readOnly,
    paths: [{ argument: 'path', path: target, access }],
  });

  it('hold for every tool that touches the path', () => {
    const policy = new ApprovalPolicy([
      { action: 'write', path: { startsWith: 'secrets/' }, decision: 'deny' },
      { action: 'read', path: { equals: '.env' }, decision: 'ask' },
      { action: 'write', path: { startsWith: 'docs/' }, decision: 'allow' },
    ]);
    for (const tool of ['write_file', 'edit_file', 'write_text_file'])
      expect(policy.decide(call(tool, 'secrets/key', ['write'])).decision, tool).toBe('deny');
    expect(policy.decide(call('read_file', 'secrets/key', ['read'], true)).decision).toBe('allow');
    expect(policy.decide(call('read_text_file', '.env', ['read'], true))).toMatchObject({
      decision: 'ask',
      alwaysAsks: 'asked by your rule "ask read when path equals ".env""',
    });
    expect(policy.readGuard('.env', 'grep')).toMatchObject({ index: 1 });
    expect(policy.decide(call('write_file', 'docs/a.md', ['write'])).decision).toBe('allow');
    expect(policy.decide(call('write_file', 'src/a.ts', ['write'])).decision).toBe('ask');
  });
});

describe('describeRule', () => {
  it('puts a rule in words', () => {
    expect(describeRule({ tool: 'write_file', decision: 'deny' })).toBe('deny write_file');
    expect(
      describeRule({ tool: 'shell_command', decision: 'allow', when: { argument: 'command', startsWith: 'git', matches: 'x$' } }),
    ).toBe('allow shell_command when command starts with "git" and matches /x$/');
    expect(describeRule({ action: 'execute', program: 'git', args: { startsWith: 'push' }, decision: 'deny' })).toBe(
      'deny execute git when its arguments starts with "push"',
    );
  });
});
