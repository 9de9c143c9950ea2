/**
 * A real command printing far more than a tiny output limit: the terminal keeps exactly the end
 * of it, on a character boundary, and says it was truncated.
 */
import { expect, it } from 'vitest';
import { TerminalProcess } from './terminal-process';

const BLOCK = 'é0123456789\n'.repeat(5_000);
const REPEATS = 2_000;
const ENDING = 'last line ✓✓\n';

it('keeps the last bytes of a 117 MiB stream under a 5-byte limit, cut on a character boundary', async () => {
  // Writes BLOCK REPEATS times (about 117 MiB), then ENDING, waiting for the pipe each time.
  const script = `
    const block = ${JSON.stringify(BLOCK)};
    let left = ${REPEATS};
    const write = () => {
      while (left > 0) {
        left -= 1;
        if (!process.stdout.write(block)) return process.stdout.once('drain', write);
      }
      process.stdout.write(${JSON.stringify(ENDING)});
    };
    write();`;
  let streamedBytes = 0;
  const terminal = new TerminalProcess({
    command: process.execPath,
    args: ['-e', script],
    cwd: process.cwd(),
    env: { PATH: process.env.PATH ?? '' },
    outputByteLimit: 5,
    onOutput: (chunk) => (streamedBytes += Buffer.byteLength(chunk)),
  });
  expect(await terminal.exited).toEqual({ exitCode: 0, signal: null });
  expect(streamedBytes).toBe(Buffer.byteLength(BLOCK) * REPEATS + Buffer.byteLength(ENDING));
  // "✓✓\n" is 7 bytes: the last 5 start inside the first ✓, which is dropped whole.
  expect(terminal.currentOutput()).toEqual({ output: '✓\n', truncated: true, exitStatus: { exitCode: 0, signal: null } });
});
