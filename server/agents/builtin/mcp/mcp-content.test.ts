import { describe, expect, it } from 'vitest';
import { contentBlocksToText, toolResultToText } from './mcp-content';
import { parsePromptCommand, promptCommand } from './mcp-prompts';
import { StderrTail } from './stderr-tail';

describe('MCP content as text', () => {
  it('joins text and describes the rest in a line each', () => {
    const text = contentBlocksToText([
      { type: 'text', text: 'Here it is:' },
      { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
      { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' },
      { type: 'resource_link', uri: 'file:///notes.md', name: 'notes.md', mimeType: 'text/markdown' },
      { type: 'resource', resource: { uri: 'demo://a', text: 'embedded text' } },
      { type: 'resource', resource: { uri: 'demo://b', blob: 'AAAAAA==', mimeType: 'application/gzip' } },
    ]);
    expect(text.split('\n')).toEqual([
      'Here it is:',
      '[image: image/png, 8 bytes]',
      '[audio: audio/wav, 3 bytes]',
      '[resource link: notes.md <file:///notes.md>, text/markdown]',
      'embedded text',
      '[binary resource demo://b: application/gzip, 4 bytes]',
    ]);
  });

  it('gives structured content as JSON when there is no other content', () => {
    expect(toolResultToText({ content: [], structuredContent: { sum: 5 } })).toBe('{"sum":5}');
  });
});

describe('MCP prompts as commands', () => {
  it('names the command server:prompt, as ECA does, and reads that name back', () => {
    const command = promptCommand({
      server: 'everything',
      name: 'args-prompt',
      description: 'Two arguments',
      arguments: [{ name: 'city', required: true }],
    });
    expect(command).toEqual({
      name: 'everything:args-prompt',
      description: 'Two arguments',
      type: 'mcp-prompt',
      arguments: [{ name: 'city', required: true }],
    });
    expect(parsePromptCommand(command.name)).toEqual({ server: 'everything', name: 'args-prompt' });
    expect(parsePromptCommand('costs')).toBeUndefined();
    expect(parsePromptCommand(':x')).toBeUndefined();
  });
});

describe("a server's stderr", () => {
  it('comes out in whole lines and keeps the last few for a failure reason', () => {
    const tail = new StderrTail();
    expect(tail.add('starting\r\nhalf')).toEqual(['starting']);
    expect(tail.add(' a line\n\n')).toEqual(['half a line']);
    for (let line = 1; line <= 6; line += 1) tail.add(`line ${line}\n`);
    tail.add('unfinished');
    expect(tail.text()).toBe('line 3 | line 4 | line 5 | line 6 | unfinished');
    tail.forget();
    expect(tail.text()).toBe('unfinished');
  });
});
