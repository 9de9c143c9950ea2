import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parseCommandLine } from './shell-command';

const run = promisify(execFile);

/** Words whose value bash decides from the line alone, each quoted in a way worth checking. */
const WORDS = [
  "r''m",
  '\\rm',
  '"r"m',
  "$'\\x72m'",
  "$'a\\0b'c",
  '"a\\"b"',
  '"\\$x"',
  `'a'"b"c`,
  'a\\ b',
  '"\\\\"',
  '"a\\nb"',
  "$'\\t'",
  "$'\\u00e9\\101\\x42\\u0043'",
  "$'\\cA'",
  "$'\\z\\x'",
  '"é"',
  "'{a,b}'",
  '"*"',
  'a=b',
  '--x=1',
  "$'\\''",
  `"$'x'"`,
  '$"rm"',
  'a$"b"',
  `'it'\\''s'`,
  `\\'\\"`,
  '"a\\`b"',
  '"a\\\nb"',
  "'x\\ny'",
  '\\\\',
  '\\#',
  'a#b',
  '"#"',
  "$'a\\\nb'",
  'a$',
  '{}',
];

describe('word values', () => {
  it('are what bash passes to the program', async () => {
    const line = `printf '%s\\0' ${WORDS.join(' ')}`;
    const { stdout } = await run('bash', ['-c', line], { encoding: 'utf8' });
    const fromBash = stdout.split('\0').slice(0, -1);
    const parsed = await parseCommandLine(line);
    if (!parsed.ok) throw new Error(parsed.reason);
    expect(parsed.commands).toHaveLength(1);
    expect(parsed.commands[0]!.dynamicArgs).toBe(false);
    expect(parsed.commands[0]!.args.slice(1)).toEqual(fromBash);
  });

  it('keep the source of a word an expansion decides', async () => {
    const parsed = await parseCommandLine('printf x $HOME "${A:-b}" $(date) a* {1..3} $((1+2)) <(ls)');
    expect(parsed).toMatchObject({
      ok: true,
      commands: [
        { program: 'printf', args: ['x', '$HOME', '"${A:-b}"', '$(date)', 'a*', '{1..3}', '$((1+2))', '<(ls)'], dynamicArgs: true },
        { program: 'date' },
        { program: 'ls' },
      ],
    });
  });
});
