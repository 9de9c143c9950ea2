import { describe, expect, it } from 'vitest';
import { extractSpecExamples } from './spec-example-parser';

const fence = '```';

describe('extractSpecExamples', () => {
  it('takes json blocks with their heading, lead and first line', () => {
    const markdown = ['# Top', '## Thing', '', '**Response:**', `${fence}json`, '', '{ "a": 1 }', fence].join('\n');
    const { examples, skipped } = extractSpecExamples('x.md', markdown);
    expect(skipped).toEqual([]);
    expect(examples).toEqual([{ spec: 'x.md', line: 7, heading: 'Thing', lead: '**Response:**', source: 'json', json: { a: 1 } }]);
  });

  it('takes the body of an HTTP example and ignores one without a body', () => {
    const markdown = [
      '### Create',
      `${fence}http`,
      'POST /api/things',
      'Content-Type: application/json',
      '',
      '{',
      '  "name": "a"',
      '}',
      fence,
      `${fence}http`,
      'GET /api/things',
      fence,
    ].join('\n');
    const { examples, otherBlocks } = extractSpecExamples('x.md', markdown);
    expect(examples).toEqual([{ spec: 'x.md', line: 6, heading: 'Create', source: 'http-body', json: { name: 'a' } }]);
    expect(otherBlocks).toEqual({ http: 1 });
  });

  it("joins an SSE event's data lines, as the SSE standard does", () => {
    const markdown = [fence, 'event: ping', 'data: {', 'data:   "type": "ping"', 'data: }', fence].join('\n');
    const [example] = extractSpecExamples('x.md', markdown).examples;
    expect(example).toMatchObject({ line: 3, source: 'sse-data', sseEvent: 'ping', json: { type: 'ping' } });
  });

  it('lists a block that should be JSON and is not, with the reason', () => {
    const markdown = ['### Example:', fence, 'Content-Length: ...\\r\\n', '{', '  "params": { ... }', '}', fence].join('\n');
    const { examples, skipped } = extractSpecExamples('x.md', markdown);
    expect(examples).toEqual([]);
    expect(skipped).toHaveLength(1);
    expect(skipped[0]).toMatchObject({ line: 4, heading: 'Example:' });
    expect(skipped[0]?.reason).toMatch(/^not valid JSON, it has an ellipsis placeholder/);
  });

  it('counts code in other languages without reading it, even when it looks like JSON', () => {
    const markdown = [`${fence}typescript`, '{ success: boolean }', fence, `    ${fence}mermaid`, '    graph', `    ${fence}`].join('\n');
    const { examples, skipped, otherBlocks } = extractSpecExamples('x.md', markdown);
    expect([examples, skipped, otherBlocks]).toEqual([[], [], { typescript: 1, mermaid: 1 }]);
  });

  it('does not take a heading inside a block for a heading', () => {
    const markdown = ['## Real', fence, '# not a heading', fence, `${fence}json`, '[]', fence].join('\n');
    expect(extractSpecExamples('x.md', markdown).examples[0]?.heading).toBe('Real');
  });
});
