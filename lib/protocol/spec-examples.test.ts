/**
 * Every JSON example in the specs must parse with the schema it is an example of. The examples
 * are extracted into ./spec-examples/ by scripts/extract-spec-examples.ts; nothing is retyped.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { matchSpecExample, type SpecExampleFixture } from './testing/spec-example-matcher';

const folder = path.join(import.meta.dirname, 'spec-examples');

/**
 * How many examples each spec has: ECA's only example has `...` placeholders and is skipped, and
 * the notes on what a real Autohand build does (autohand-observed.md) have none yet.
 */
const expectedCounts: Record<string, number> = {
  'acp-threads.json': 8,
  'autohand-jsonrpc.json': 3,
  'autohand-observed.json': 0,
  'eca-protocol-v1.json': 0,
  'eca-protocol-v2.json': 0,
  'emacs-agent-http-sse.json': 23,
};

function load(file: string): SpecExampleFixture[] {
  return JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as SpecExampleFixture[];
}

describe('spec examples', () => {
  it('has one fixture file per spec, each with the examples its spec has', () => {
    const files = readdirSync(folder)
      .filter((file) => file.endsWith('.json'))
      .sort();
    expect(files).toEqual(Object.keys(expectedCounts).sort());
    for (const file of files) expect([file, load(file).length]).toEqual([file, expectedCounts[file]]);
  });

  const all = Object.keys(expectedCounts).flatMap((file) => {
    const examples = load(file);
    return examples.map((example) => ({ example, examples }));
  });

  it.each(all.map(({ example, examples }) => [`${example.spec}:${example.line} (${example.heading})`, example, examples] as const))(
    '%s parses with its schema',
    (place, example, examples) => {
      const match = matchSpecExample(example, examples);
      if (!match) throw new Error(`${place} matches no schema`);
      const parsed = match.schema.safeParse(match.value);
      const complaint = parsed.success ? '' : JSON.stringify(parsed.error.issues);
      expect(parsed.success, `${place} is not a valid ${match.name}: ${complaint}`).toBe(true);
    },
  );
});

describe('matchSpecExample', () => {
  const autohand = load('autohand-jsonrpc.json');

  it('finds no schema for an example under an unknown heading', () => {
    const stray: SpecExampleFixture = { spec: 'acp-threads.md', line: 1, heading: 'Nowhere', source: 'json', json: {} };
    expect(matchSpecExample(stray, [stray])).toBeUndefined();
  });

  it('finds no schema for an unknown method', () => {
    const stray: SpecExampleFixture = {
      spec: 'autohand-jsonrpc.md',
      line: 1,
      heading: 'Request Format',
      source: 'json',
      json: { jsonrpc: '2.0', id: 9, method: 'autohand.fly', params: {} },
    };
    expect(matchSpecExample(stray, [stray])).toBeUndefined();
  });

  it('matches a response to the request with the same id and checks its result', () => {
    const response = autohand.find((example) => example.heading === 'Response Format');
    if (!response) throw new Error('the Response Format example is missing');
    const match = matchSpecExample(response, autohand);
    expect(match?.name).toBe('autohand.prompt response');
    const wrong = { jsonrpc: '2.0', id: 1, result: { success: 'yes' } };
    expect(match?.schema.safeParse(wrong).success).toBe(false);
  });

  it('checks an SSE event against its event name', () => {
    const emacs = load('emacs-agent-http-sse.json');
    const delta = emacs.find((example) => example.sseEvent === 'message.delta');
    if (!delta) throw new Error('the message.delta example is missing');
    const renamed = { ...delta, sseEvent: 'tool.call' };
    const match = matchSpecExample(renamed, emacs);
    expect(match?.schema.safeParse(match.value).success).toBe(false);
  });
});
