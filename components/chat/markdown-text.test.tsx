import { beforeAll, describe, expect, it } from 'vitest';
import { MarkdownText } from './markdown-text';
import { renderWhenLoaded } from './testing/render-when-loaded';

/** What an agent could write to take over the page, were its Markdown rendered as HTML. */
const HOSTILE = [
  'Hello <script>window.pwned = 1</script>',
  '<img src="x" onerror="window.pwned = 2">',
  '[click me](javascript:window.pwned=3) and [data](data:text/html,<script>alert(1)</script>)',
  '<a href="javascript:alert(4)" onclick="alert(5)">raw link</a>',
  '[safe](https://example.com/docs)',
].join('\n\n');

describe('MarkdownText', () => {
  let html = '';
  beforeAll(async () => {
    html = await renderWhenLoaded(<MarkdownText text={HOSTILE} />);
  });

  it('renders no element, handler or script URL from raw HTML in the text', () => {
    expect(html).not.toMatch(/<script|<img|<iframe/i);
    // Raw HTML shows as escaped text; no real tag carries an event handler.
    expect(html).toContain('&lt;img src=&quot;x&quot;');
    expect(html).not.toMatch(/<[a-z][^>]*\son\w+=/i);
    expect(html).not.toMatch(/href="(javascript|data):/i);
    expect(html).not.toContain('raw link</a>');
  });

  it('opens links in a new tab that gets no handle on this page', () => {
    expect(html).toContain('<a href="https://example.com/docs" target="_blank" rel="noopener noreferrer">safe</a>');
    expect(html).toMatch(/<a href="" target="_blank" rel="noopener noreferrer">click me<\/a>/);
  });
});
