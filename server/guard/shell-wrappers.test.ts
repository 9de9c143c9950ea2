import { describe, expect, it } from 'vitest';
import { parseCommandLine, type SimpleCommand } from './shell-command';

async function commandsOf(line: string): Promise<SimpleCommand[]> {
  const parsed = await parseCommandLine(line);
  if (!parsed.ok) throw new Error(`expected ${JSON.stringify(line)} to parse, got: ${parsed.reason}`);
  return parsed.commands;
}

async function innermost(line: string): Promise<Pick<SimpleCommand, 'program' | 'args' | 'wrappedBy'>> {
  const { program, args, wrappedBy } = (await commandsOf(line)).at(-1)!;
  return { program, args, ...(wrappedBy === undefined ? {} : { wrappedBy }) };
}

describe('wrapper options', () => {
  it.each([
    ["bash --login -c 'rm x'", 'bash -c'],
    ["bash --norc +o posix -ec -- 'rm x'", 'bash -c'],
    ["dash -c 'rm x' name arg", 'dash -c'],
    ['env -- rm x', 'env'],
    ['env - A=1 rm x', 'env'],
    ['env --unset=HOME --chdir /tmp rm x', 'env'],
    ["env -S 'rm x'", 'env -S'],
    ['nice -5 rm x', 'nice'],
    ['nice --adj=5 rm x', 'nice'],
    ['timeout --signal=KILL -k 5 10s rm x', 'timeout'],
    ['sudo -E -u root -- LANG=C rm x', 'sudo'],
    ['sudo -hhost rm x', 'sudo'],
    ['exec -a name rm x', 'exec'],
    ['coproc rm x', 'coproc'],
    ['watch -x rm x', 'watch'],
    ['ionice -c2 -n7 rm x', 'ionice'],
  ])('%s runs rm x', async (line, wrappedBy) => {
    expect(await innermost(line)).toEqual({ program: 'rm', args: ['x'], wrappedBy });
  });

  it.each([
    'sudo -l rm x',
    'sudo -e file',
    'sudo -h',
    'doas -C conf rm',
    'taskset -p 1 2',
    'chrt -p 5 123',
    'ionice -p 3',
    'env',
    'nice --help rm',
    'xargs --version',
  ])('%s runs nothing more', async (line) => {
    expect(await commandsOf(line)).toHaveLength(1);
  });

  it('runs echo for xargs without a command, with arguments from standard input', async () => {
    expect((await commandsOf('xargs -0 -n1')).at(-1)).toMatchObject({ program: 'echo', dynamicArgs: true, wrappedBy: 'xargs' });
  });

  it('keeps the arguments from standard input dynamic through further wrappers', async () => {
    expect((await commandsOf('xargs -r sudo rm')).at(-1)).toMatchObject({ program: 'rm', args: [], dynamicArgs: true, wrappedBy: 'sudo' });
  });

  it('treats a line with the replace string as decided by input (xargs -I)', async () => {
    expect((await commandsOf(`xargs -I{} sh -c 'echo {}'`)).at(-1)).toMatchObject({ program: undefined, wrappedBy: 'sh -c' });
    expect((await commandsOf(`xargs -I F sh -c 'echo {}'`)).at(-1)).toMatchObject({ program: 'echo', args: ['{}'], wrappedBy: 'sh -c' });
  });

  it('reads each -exec of find up to its end', async () => {
    const commands = await commandsOf('find . -execdir rm {} + -ok mv {} /tmp \\; -print');
    expect(commands.slice(1)).toEqual([
      { program: 'rm', args: ['{}'], dynamicArgs: true, text: 'rm {}', wrappedBy: 'find -execdir' },
      { program: 'mv', args: ['{}', '/tmp'], dynamicArgs: true, text: 'mv {} /tmp', wrappedBy: 'find -ok' },
    ]);
  });

  it('splits env -S the way a shell would and passes the rest after it', async () => {
    expect(await innermost(`env -S 'rm -f' 'a b'`)).toEqual({ program: 'rm', args: ['-f', 'a b'], wrappedBy: 'env -S' });
  });

  it('says the command is unknown when an expansion stands where an option may', async () => {
    expect(await innermost('sudo $OPTS rm x')).toEqual({ program: undefined, args: ['$OPTS', 'rm', 'x'], wrappedBy: 'sudo' });
    expect(await innermost('timeout --bogus 5 rm x')).toMatchObject({ program: undefined, wrappedBy: 'timeout' });
  });
});
