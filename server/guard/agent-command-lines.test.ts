import { describe, expect, it } from 'vitest';
import { generateCommandLines } from '../../bench/command-lines';
import { parseCommandLine } from './shell-command';

describe('command lines coding agents run', () => {
  it('are all read, none refused, and the same lines every time', async () => {
    const lines = generateCommandLines(2_000);
    expect(generateCommandLines(2_000)).toEqual(lines);
    const refused: string[] = [];
    for (const line of lines) {
      const parsed = await parseCommandLine(line);
      if (!parsed.ok) refused.push(`${line}: ${parsed.reason}`);
    }
    expect(refused).toEqual([]);
  });

  it('show the commands inside their bash -lc wrappers', async () => {
    const wrapped = generateCommandLines(2_000).find((line) => line.startsWith('bash -lc'))!;
    const parsed = await parseCommandLine(wrapped);
    expect(parsed.ok && parsed.commands.filter((command) => command.wrappedBy === 'bash -c').length).toBeGreaterThan(0);
  });
});
