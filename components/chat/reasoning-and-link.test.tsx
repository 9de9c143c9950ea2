import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LinkCard } from './link-card';
import { ReasoningBlock } from './reasoning-block';
import { renderWhenLoaded } from './testing/render-when-loaded';

describe('LinkCard', () => {
  it('opens a web link in a new tab that gets no handle on this page', () => {
    const html = renderToStaticMarkup(<LinkCard link={{ type: 'link', title: 'Docs', url: 'https://example.com/docs' }} />);
    expect(html).toContain('href="https://example.com/docs" target="_blank" rel="noopener noreferrer"');
    expect(html).toContain('Docs');
  });

  it('shows any other URL as text, not as a link', () => {
    const html = renderToStaticMarkup(<LinkCard link={{ type: 'link', title: 'Run me', url: 'javascript:alert(1)' }} />);
    expect(html).not.toContain('<a');
    expect(html).toContain('javascript:alert(1)');
  });
});

describe('ReasoningBlock', () => {
  const thought = { type: 'reasoning' as const, id: 'r1', text: 'Weighing **two** options' };

  it('shows the thought as it streams', async () => {
    const html = await renderWhenLoaded(<ReasoningBlock reasoning={{ ...thought, status: 'thinking' }} />);
    expect(html).toContain('data-state="thinking"');
    expect(html).toContain('Thinking…');
    expect(html).toContain('<strong>two</strong>');
  });

  it('folds the thought away once finished, saying how long it took', () => {
    const html = renderToStaticMarkup(<ReasoningBlock reasoning={{ ...thought, status: 'finished', totalTimeMs: 1500 }} />);
    expect(html).toContain('data-state="finished"');
    expect(html).toContain('Thought for 1.5 s');
    expect(html).not.toContain('options');
  });
});
