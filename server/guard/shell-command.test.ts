import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CommandParse, parseArgv, parseCommandLine, programName, type SimpleCommand } from './shell-command';

async function commandsOf(line: string): Promise<SimpleCommand[]> {
  const parsed = await parseCommandLine(line);
  if (!parsed.ok) throw new Error(`expected ${JSON.stringify(line)} to parse, got: ${parsed.reason}`);
  return parsed.commands;
}

async function programsOf(line: string): Promise<(string | undefined)[]> {
  return (await commandsOf(line)).map((command) => command.program);
}

function reasonOf(parsed: CommandParse): string {
  if (parsed.ok) throw new Error(`expected a refusal, got ${JSON.stringify(parsed.commands)}`);
  return parsed.reason;
}

describe('quoting does not hide the program', () => {
  it.each([
    [`r''m -f v`, ['-f', 'v']],
    ['\\rm v', ['v']],
    ['"rm" v', ['v']],
    [`$'\\x72m' v`, ['v']],
    ['$"rm" v', ['v']],
  ])('%s runs rm', async (line, args) => {
    expect(await commandsOf(line)).toEqual([{ program: 'rm', args, dynamicArgs: false, text: `rm ${args.join(' ')}` }]);
  });

  it('keeps a path as written and names its base name for rules', async () => {
    expect(await programsOf('/bin/rm v')).toEqual(['/bin/rm']);
    expect(programName('/usr/bin/rm')).toBe('rm');
    expect(programName('rm')).toBe('rm');
  });

  it('leaves the program unknown when an expansion decides it, and lists what the substitution runs', async () => {
    const commands = await commandsOf('$(echo rm) v');
    expect(commands).toEqual([
      { program: undefined, args: ['v'], dynamicArgs: false, text: '$(echo rm) v' },
      { program: 'echo', args: ['rm'], dynamicArgs: false, text: 'echo rm' },
    ]);
    expect(await programsOf('$CMD x; ${X} y; /bin/r? z; "$(a)"b w')).toEqual([undefined, undefined, undefined, undefined, 'a']);
    expect(await commandsOf('echo {r,}m *.o')).toEqual([
      { program: 'echo', args: ['{r,}m', '*.o'], dynamicArgs: true, text: 'echo {r,}m *.o' },
    ]);
    expect(reasonOf(await parseCommandLine('{r,}m w'))).toContain('does not parse');
  });

  it('does not take leading assignments for the program', async () => {
    expect(await commandsOf('FOO=1 BAR="a b" rm x')).toEqual([{ program: 'rm', args: ['x'], dynamicArgs: false, text: 'rm x' }]);
  });
});

describe('wrappers are listed and unwrapped', () => {
  it.each([
    ['command rm v', ['command', 'rm'], 'command'],
    ['env rm v', ['env', 'rm'], 'env'],
    ['env -i -u HOME PATH=/bin rm v', ['env', 'rm'], 'env'],
    ["bash -c 'rm v'", ['bash', 'rm'], 'bash -c'],
    ["bash -o pipefail -xc 'rm v'", ['bash', 'rm'], 'bash -c'],
    ["busybox sh -c 'rm v'", ['busybox', 'sh', 'rm'], 'sh -c'],
    ['sudo -u root rm v', ['sudo', 'rm'], 'sudo'],
    ['doas rm v', ['doas', 'rm'], 'doas'],
    ['builtin exec rm v', ['builtin', 'exec', 'rm'], 'exec'],
    ['nohup time -p stdbuf -oL setsid rm v', ['nohup', 'time', 'stdbuf', 'setsid', 'rm'], 'setsid'],
    ['ionice -c 3 chrt -b 0 taskset -c 0 rm v', ['ionice', 'chrt', 'taskset', 'rm'], 'taskset'],
    ["watch -n 1 'rm v'", ['watch', 'rm'], 'watch'],
    ['eval "rm v"', ['eval', 'rm'], 'eval'],
  ])('%s', async (line, programs, wrappedBy) => {
    const commands = await commandsOf(line);
    expect(commands.map((command) => command.program)).toEqual(programs);
    expect(commands.at(-1)).toMatchObject({ program: 'rm', args: ['v'], wrappedBy });
  });

  it('reads the argv array Codex sends', async () => {
    const parsed = await parseArgv(['/bin/bash', '-lc', 'rm -f victim.txt']);
    expect(parsed).toEqual({
      ok: true,
      commands: [
        { program: '/bin/bash', args: ['-lc', 'rm -f victim.txt'], dynamicArgs: false, text: '/bin/bash -lc rm -f victim.txt' },
        { program: 'rm', args: ['-f', 'victim.txt'], dynamicArgs: false, text: 'rm -f victim.txt', wrappedBy: 'bash -c' },
      ],
      redirects: [],
      dynamicRedirects: false,
    });
  });

  it('unwraps a shell inside a shell', async () => {
    expect(await programsOf(`sh -c "bash -c 'rm x'"`)).toEqual(['sh', 'bash', 'rm']);
  });

  it('runs nothing for command -v, and a script rather than a line for bash without -c', async () => {
    expect(await programsOf('command -v rm')).toEqual(['command']);
    expect(await programsOf('bash script.sh rm')).toEqual(['bash']);
  });

  it('marks the arguments xargs and find add as dynamic', async () => {
    expect(await commandsOf('ls | xargs rm')).toEqual([
      { program: 'ls', args: [], dynamicArgs: false, text: 'ls' },
      { program: 'xargs', args: ['rm'], dynamicArgs: false, text: 'xargs rm' },
      { program: 'rm', args: [], dynamicArgs: true, text: 'rm', wrappedBy: 'xargs' },
    ]);
    expect((await commandsOf("find . -name '*.o' -exec rm {} \\;")).at(-1)).toEqual({
      program: 'rm',
      args: ['{}'],
      dynamicArgs: true,
      text: 'rm {}',
      wrappedBy: 'find -exec',
    });
  });

  it('treats a line built from file names as unknown (find -exec sh -c with {})', async () => {
    const commands = await commandsOf(`find . -exec sh -c 'rm {}' \\;`);
    expect(commands.map((command) => [command.program, command.wrappedBy])).toEqual([
      ['find', undefined],
      ['sh', 'find -exec'],
      [undefined, 'sh -c'],
    ]);
  });

  it('unwraps through option values and durations', async () => {
    const commands = await commandsOf('nice -n 5 timeout 10 rm x');
    expect(commands.map((command) => command.program)).toEqual(['nice', 'timeout', 'rm']);
    expect(commands[2]).toMatchObject({ args: ['x'], wrappedBy: 'timeout' });
  });

  it('says the command is unknown rather than guess past an option it does not know', async () => {
    const commands = await commandsOf('sudo --frobnicate x rm y');
    expect(commands.at(-1)).toEqual({
      program: undefined,
      args: ['--frobnicate', 'x', 'rm', 'y'],
      dynamicArgs: true,
      text: '--frobnicate x rm y',
      wrappedBy: 'sudo',
    });
    expect((await commandsOf('bash -c "$CMD"')).at(-1)).toMatchObject({ program: undefined, wrappedBy: 'bash -c' });
  });
});

describe('every command of a line is listed', () => {
  it.each([
    ['git status; rm -rf ~', ['git', 'rm']],
    ['true && rm x', ['true', 'rm']],
    ['false || rm x & echo done', ['false', 'rm', 'echo']],
    ['(cd x && rm y) | { cat; }', ['cd', 'rm', 'cat']],
    ['if test -f x; then rm x; elif a; then b; else c; fi', ['test', 'rm', 'a', 'b', 'c']],
    ['for f in a b; do rm "$f"; done; while read l; do echo "$l"; done < list', ['rm', 'read', 'echo']],
    ['case $x in a) rm a;; *) rm b;; esac', ['rm', 'rm']],
    ['f() { rm x; }; f', ['rm', 'f']],
    ['echo $(rm x)', ['echo', 'rm']],
    ['echo "a $(rm x) b" `ls`', ['echo', 'rm', 'ls']],
    ['X=$(rm x) y', ['y', 'rm']],
    ['diff <(ls a) >(rm b)', ['diff', 'ls', 'rm']],
    ['echo hi > "$(rm x)"', ['echo', 'rm']],
    ['cat <<EOF\n$(rm x)\nEOF', ['cat', 'rm']],
    ['export A=$(rm x)', ['export', 'rm']],
    ['! rm x', ['rm']],
  ])('%s', async (line, programs) => {
    expect(await programsOf(line)).toEqual(programs);
  });

  it('gives words the parser hangs on a redirect back to the command', async () => {
    expect(await commandsOf('rm 2>/dev/null -rf /')).toEqual([{ program: 'rm', args: ['-rf', '/'], dynamicArgs: false, text: 'rm -rf /' }]);
    expect((await commandsOf('cat <<EOF a b\nhi\nEOF')).map((command) => command.args)).toEqual([['a', 'b']]);
  });
});

describe('redirects', () => {
  it('reports a write and a read with their paths', async () => {
    const written = await parseCommandLine('echo hi > .git/hooks/pre-commit');
    expect(written).toMatchObject({ ok: true, redirects: [{ path: '.git/hooks/pre-commit', access: 'write' }], dynamicRedirects: false });
    const read = await parseCommandLine('cat < secret.txt');
    expect(read).toMatchObject({ ok: true, redirects: [{ path: 'secret.txt', access: 'read' }] });
  });

  it('knows a file descriptor from a file, and a target an expansion decides', async () => {
    const parsed = await parseCommandLine('make >> log 2>&1 &> "all log" <&3; echo > "$OUT"');
    expect(parsed).toMatchObject({
      ok: true,
      redirects: [
        { path: 'log', access: 'write' },
        { path: 'all log', access: 'write' },
      ],
      dynamicRedirects: true,
    });
  });

  it('reports redirects inside a wrapped line', async () => {
    expect(await parseCommandLine("bash -lc 'echo x >> ~/.bashrc'")).toMatchObject({
      redirects: [{ path: '~/.bashrc', access: 'write' }],
    });
  });
});

describe('lines it cannot read for certain', () => {
  it('refuses a line that does not parse, saying where', async () => {
    expect(reasonOf(await parseCommandLine("rm 'x"))).toBe(`the command line does not parse: unexpected "'x" at line 1, column 4`);
    expect(reasonOf(await parseCommandLine('if true; then'))).toBe('the command line does not parse: missing `fi` at line 1, column 14');
    expect(reasonOf(await parseCommandLine(`bash -c "rm 'x"`))).toMatch(/^in the line given to bash -c, the command line does not parse/);
  });

  it('refuses words the parser splits differently from bash', async () => {
    expect(reasonOf(await parseCommandLine('r\\\nm -rf x'))).toContain('line continuation');
    expect(reasonOf(await parseCommandLine('rm \\ -rf'))).toContain('reads differently');
    expect(reasonOf(await parseCommandLine('rm x\r'))).toContain('reads differently');
    expect(reasonOf(await parseCommandLine('time { rm x; }'))).toContain('keyword');
    expect(reasonOf(await parseCommandLine('! { rm x; }'))).toContain('keyword');
    expect(reasonOf(await parseCommandLine('nice { rm x; }'))).toContain('keyword');
  });

  it('bounds the size, the wrapping depth and the number of commands', async () => {
    expect(reasonOf(await parseCommandLine('a'.repeat(100_001)))).toBe(
      'the command line has 100001 characters, more than the 100000 the guard reads',
    );
    expect(await programsOf('a'.repeat(100_000))).toEqual(['a'.repeat(100_000)]);
    expect(reasonOf(await parseArgv(['echo', 'a'.repeat(100_000)]))).toContain('more than the 100000');

    expect(await programsOf(`${'nice '.repeat(16)}rm x`)).toHaveLength(17);
    expect(reasonOf(await parseCommandLine(`${'nice '.repeat(17)}rm x`))).toBe('the command line wraps commands more than 16 levels deep');
    expect(reasonOf(await parseCommandLine(`${'eval '.repeat(17)}rm x`))).toContain('more than 16 levels deep');

    expect(await programsOf('a;'.repeat(10_000))).toHaveLength(10_000);
    expect(reasonOf(await parseCommandLine('a;'.repeat(10_001)))).toBe('the command line runs more than 10000 commands');
  });

  it('reads a line nested thousands deep without overflowing', async () => {
    const nested = `${'$('.repeat(5000)}rm x${')'.repeat(5000)}`;
    expect(await programsOf(nested)).toContain('rm');
  });

  it('answers, never throws, for any input', async () => {
    expect(reasonOf(await parseCommandLine(42 as unknown as string))).toBe('the command line is not text');
    expect(reasonOf(await parseArgv(['ls', 7] as unknown as string[]))).toBe('word 2 of the command is not text');
    expect(await parseArgv([])).toEqual({ ok: true, commands: [], redirects: [], dynamicRedirects: false });
    const pieces = [
      "'",
      '"',
      '\\',
      '$(',
      ')',
      '`',
      '${',
      '}',
      '{',
      ';',
      '|',
      '&&',
      '&',
      '<',
      '>',
      '>&',
      '<<',
      'EOF',
      '\n',
      ' ',
      'bash -c ',
      'sudo ',
      'env -S ',
      'eval ',
      'xargs ',
      'find -exec ',
      'rm',
      '*',
      '$',
      '#',
      '(',
      '[[',
      'if ',
      'then ',
      'fi',
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ maxLength: 200 }),
          fc.array(fc.constantFrom(...pieces), { maxLength: 60 }).map((parts) => parts.join('')),
        ),
        async (line) => {
          const parsed = await parseCommandLine(line);
          expect(typeof parsed.ok).toBe('boolean');
        },
      ),
      { numRuns: 2000 },
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fc.string({ maxLength: 40 }), { maxLength: 8 }), async (argv) => {
        expect(typeof (await parseArgv(argv)).ok).toBe('boolean');
      }),
      { numRuns: 500 },
    );
  });
});
