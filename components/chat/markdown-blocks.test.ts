import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import Markdown from 'react-markdown';
import { describe, expect, it } from 'vitest';
import { endsInOpenFence, extendMarkdownSplit, type MarkdownSplit, splitMarkdownBlocks } from './markdown-blocks';

const ANSWER = [
  '## Plan',
  '',
  'First a paragraph',
  'that runs on.',
  '',
  '- a loose list',
  '',
  '- stays one list',
  '',
  '  with an indented paragraph',
  '',
  '1. numbered',
  '2. items',
  '',
  '```ts',
  'const a = 1;',
  '',
  'const b = 2;',
  '```',
  '',
  '    indented code',
  '',
  '    more of it',
  '',
  '> a quote',
  '',
  'The end.',
].join('\n');

/** The line breaks react-markdown puts between top-level elements are not shown: left out. */
const html = (markdown: string) => renderToStaticMarkup(createElement(Markdown, null, markdown)).replace(/>\n</g, '><');

describe('splitMarkdownBlocks', () => {
  it('cuts only where a new top-level block starts: never inside a list, a fence or indented code', () => {
    expect(splitMarkdownBlocks(ANSWER).map((block) => block.split('\n')[0])).toEqual([
      '## Plan',
      'First a paragraph',
      '- a loose list',
      '```ts',
      '> a quote',
      'The end.',
    ]);
    expect(splitMarkdownBlocks(ANSWER).join('\n')).toBe(ANSWER);
  });

  it('renders the blocks parsed apart exactly as the whole text parsed at once', () => {
    expect(splitMarkdownBlocks(ANSWER).map(html).join('')).toBe(html(ANSWER));
    const lazy = 'Intro\n\n- an item\nwith a lazy line\n\n- the same list\n\nAfter.';
    expect(splitMarkdownBlocks(lazy)).toHaveLength(3);
    expect(splitMarkdownBlocks(lazy).map(html).join('')).toBe(html(lazy));
  });

  it('renders as the whole text does at whatever piece the stream is cut', () => {
    for (let end = 1; end <= ANSWER.length; end++) {
      const partial = ANSWER.slice(0, end);
      expect(splitMarkdownBlocks(partial).map(html).join('')).toBe(html(partial));
    }
  });
});

describe('extendMarkdownSplit', () => {
  /** ANSWER as a stream would cut it: every length, each split resumed from the one before. */
  function streamed(text: string, step: number): MarkdownSplit[] {
    const splits: MarkdownSplit[] = [];
    for (let end = step; end < text.length + step; end += step) splits.push(extendMarkdownSplit(splits.at(-1) ?? null, text.slice(0, end)));
    return splits;
  }

  it('cuts a growing text exactly as a split of the whole text at every piece', () => {
    for (const step of [1, 3, 7]) {
      for (const split of streamed(ANSWER, step)) expect(split.blocks).toEqual(splitMarkdownBlocks(split.text));
    }
    // A cut line that grows out of being a list item ("-" then "-x") cuts after all.
    const item = extendMarkdownSplit(extendMarkdownSplit(null, '- a\n\n-'), '- a\n\n-x');
    expect(item.blocks).toEqual(['- a\n', '-x']);
  });

  it('keeps the settled blocks and their places, and grows only the last', () => {
    const before = extendMarkdownSplit(null, ANSWER);
    const after = extendMarkdownSplit(before, `${ANSWER} More words.`);
    expect(after.blocks.slice(0, -1)).toEqual(before.blocks.slice(0, -1));
    expect(after.starts).toEqual(before.starts);
    expect(after.blocks.at(-1)).toBe('The end. More words.');
    expect(extendMarkdownSplit(after, after.text)).toBe(after);
  });

  it('splits anew a text that does not continue the one before', () => {
    const before = extendMarkdownSplit(null, ANSWER);
    const other = '# Other\n\nText.';
    expect(extendMarkdownSplit(before, other).blocks).toEqual(['# Other\n', 'Text.']);
  });
});

describe('endsInOpenFence', () => {
  it('tells a code block still streaming from a closed one', () => {
    expect(endsInOpenFence('Here:\n```ts\nconst a = 1;')).toBe(true);
    expect(endsInOpenFence('Here:\n```ts\nconst a = 1;\n```')).toBe(false);
    expect(endsInOpenFence('````\n```\nstill inside\n')).toBe(true);
    expect(endsInOpenFence('~~~\ncode\n~~~\n\nafter')).toBe(false);
    expect(endsInOpenFence('no code at all')).toBe(false);
  });
});
