/** The sketch drawn before the renderer has parsed an answer is made of the elements the renderer makes. */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MarkdownDocument } from './markdown-document';
import { MarkdownSketch } from './markdown-sketch';
import { renderWhenLoaded } from './testing/render-when-loaded';

const SAMPLES = [
  'One plain line of prose.',
  '### Step 4\n\nModule **4** keeps its state in a map; see `lookup4` and [the notes](https://example.com/notes).',
  '```ts\nconst total = 1 + 2;\nconsole.log(total);\n```',
  '- keeps the public signature of `lookup4`\n- adds no dependency\n- see [the notes](https://example.com) for why',
  '1. read the items once\n2. build the map\n3. answer from the map',
  '> The lookup was the slow part\n> of every request.',
  'A paragraph\nthat goes on over\nthree lines.',
  '## Heading\nRight under it, a paragraph.',
  '| file | before |\n| --- | --- |\n| a.ts | loop |',
  'Before the table:\n\n| file | change |\n|:-----|-------:|\n| `a.ts` | a **map** |\n| b.ts |\n\nAfter it.',
  'Some *emphasis*, some __strong__ and an escaped \\* star.',
];

/** The block elements in order, and the text they show (white space folded as a browser folds it). */
function shape(html: string): { tags: string[]; text: string } {
  const tags = [...html.matchAll(/<(h[1-6]|p|ul|ol|li|blockquote|pre|code|table|th|td)[\s>]/g)].map((match) => match[1]!);
  const text = html
    .replace(/<\/?(a|em|strong|code)(\s[^>]*)?>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return { tags, text };
}

describe('MarkdownSketch', () => {
  it.each(SAMPLES)('draws %j with the elements and text the renderer shows', async (markdown) => {
    const sketch = shape(renderToStaticMarkup(createElement(MarkdownSketch, { text: markdown })));
    const rendered = shape(await renderWhenLoaded(createElement(MarkdownDocument, { text: markdown })));
    expect(sketch).toEqual(rendered);
  });
});
