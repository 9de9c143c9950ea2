import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MarkdownBlock } from './markdown-block';
import { plainParagraphText } from './plain-paragraph';

const PLAIN = [
  'Type a prompt below to start.',
  'Pick a prompt to see the demo at work, or type your own below.',
  'Ask Claude Code anything about this workspace.',
  'Ünïcödé prose, with "quotes", it\'s (parentheses) and 1. numbers: fine | = # + - ok',
  'Trailing spaces and a newline   \n',
  'Ends with a line break \r\n\n',
];

const MARKDOWN = [
  '# A heading',
  '- a list item',
  '1. an ordered item',
  '> a quote',
  '    indented code',
  '```\ncode\n```',
  'Some *emphasis*',
  'Some _emphasis_',
  'A `code span`',
  'A [link](https://example.com)',
  'An ![image](x.png)',
  'An <https://example.com> autolink',
  'Raw <b>HTML</b>',
  'An &amp; entity',
  'An \\* escape',
  'Two\nlines',
  'A setext heading\n===',
  'A ~~strikethrough~~',
  'A bare https://example.com link',
  'A bare www.example.com link',
  'Mail someone@example.com',
  'A table\n| a | b |\n| - | - |',
  '…',
  '',
];

function rendered(text: string): string {
  return renderToStaticMarkup(createElement(MarkdownBlock, { text, open: false }));
}

describe('plainParagraphText', () => {
  it('takes as plain only text that the renderer shows as one paragraph of that text', () => {
    for (const text of PLAIN) {
      const plain = plainParagraphText(text);
      expect(plain, text).not.toBeNull();
      expect(renderToStaticMarkup(<p>{plain}</p>)).toBe(rendered(text));
    }
  });

  it('leaves to the renderer every block with Markdown syntax in it', () => {
    for (const text of MARKDOWN) expect(plainParagraphText(text), text).toBeNull();
  });
});
