import { describe, expect, it } from 'vitest';
import type { ToolCallEntry } from '../../lib/protocol/thread-model';
import { toolCallResultLine, withoutEscapes } from './tool-call-result-line';

const call = (fields: Partial<ToolCallEntry>): ToolCallEntry => ({
  type: 'toolCall',
  id: 'call-1',
  name: 'shell_command',
  server: 'builtin',
  origin: 'native',
  status: 'succeeded',
  arguments: { command: 'ls' },
  ...fields,
});

describe('toolCallResultLine', () => {
  it("gives a command's first line of output, without its colours", () => {
    expect(toolCallResultLine(call({ outputText: '\n\x1b[31mREADME.md\x1b[0m\nsrc\n' }))).toBe('README.md');
  });

  it('says "no output" for a command that printed nothing', () => {
    expect(toolCallResultLine(call({ outputText: '' }))).toBe('no output');
  });

  it("gives a failed call's reason, whatever the tool", () => {
    expect(toolCallResultLine(call({ name: 'read_file', arguments: { path: 'x' }, status: 'failed', outputText: 'No such file: x' }))).toBe(
      'No such file: x',
    );
    expect(toolCallResultLine(call({ status: 'failed', reason: 'The sandbox could not start.' }))).toBe('The sandbox could not start.');
  });

  it('says nothing more for a finished call that is not a command', () => {
    expect(toolCallResultLine(call({ name: 'read_file', arguments: { path: 'x' }, outputText: '# Title' }))).toBeNull();
  });
});

describe('withoutEscapes', () => {
  it('takes escape sequences out of a summary', () => {
    expect(withoutEscapes('Running \x1b[1mmake\x1b[0m')).toBe('Running make');
  });
});
