import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import Markdown from 'react-markdown';
import { describe, expect, it } from 'vitest';
import { endsInOpenFence, splitMarkdownBlocks } from './markdown-blocks';

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

describe('endsInOpenFence', () => {
  it('tells a code block still streaming from a closed one', () => {
    expect(endsInOpenFence('Here:\n```ts\nconst a = 1;')).toBe(true);
    expect(endsInOpenFence('Here:\n```ts\nconst a = 1;\n```')).toBe(false);
    expect(endsInOpenFence('````\n```\nstill inside\n')).toBe(true);
    expect(endsInOpenFence('~~~\ncode\n~~~\n\nafter')).toBe(false);
    expect(endsInOpenFence('no code at all')).toBe(false);
  });
});
