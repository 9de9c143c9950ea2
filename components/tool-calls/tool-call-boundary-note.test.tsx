import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ToolCallEntry } from '../../lib/protocol/thread-model';
import { ToolCallBoundaryDetail, ToolCallBoundaryNote } from './tool-call-boundary-note';

const call = (boundary?: ToolCallEntry['boundary']): ToolCallEntry => ({
  type: 'toolCall',
  id: 'call-1',
  name: 'shell_command',
  server: 'builtin',
  origin: 'native',
  status: 'succeeded',
  ...(boundary ? { boundary } : {}),
});

const text = (html: string) => html.replace(/<[^>]+>/g, '');

describe('the boundary on a tool card', () => {
  it('says "sandboxed", and whether the network was allowed', () => {
    expect(text(renderToStaticMarkup(<ToolCallBoundaryNote entry={call({ sandboxed: true, network: false })} />))).toBe('sandboxed');
    expect(text(renderToStaticMarkup(<ToolCallBoundaryNote entry={call({ sandboxed: true, network: true })} />))).toBe(
      'sandboxed, with network',
    );
  });

  it('says why a command was not sandboxed, marked', () => {
    const html = renderToStaticMarkup(<ToolCallBoundaryNote entry={call({ sandboxed: false, reason: 'bubblewrap missing' })} />);
    expect(text(html)).toBe('not sandboxed: bubblewrap missing');
    expect(html).toContain('data-sandboxed="false"');
  });

  it("keeps bubblewrap's own words for the title and the open card", () => {
    const entry = call({ sandboxed: false, reason: 'bubblewrap cannot start here (bwrap: No permissions to create new namespace)' });
    const note = renderToStaticMarkup(<ToolCallBoundaryNote entry={entry} />);
    expect(text(note)).toBe('not sandboxed: bubblewrap cannot start here');
    expect(note).toContain('title="not sandboxed: bubblewrap cannot start here (bwrap: No permissions to create new namespace)"');
    expect(text(renderToStaticMarkup(<ToolCallBoundaryDetail entry={entry} />))).toBe(
      'not sandboxed: bubblewrap cannot start here (bwrap: No permissions to create new namespace)',
    );
  });

  it('shows nothing for a call that ran no command', () => {
    expect(renderToStaticMarkup(<ToolCallBoundaryNote entry={call()} />)).toBe('');
    expect(renderToStaticMarkup(<ToolCallBoundaryDetail entry={call({ sandboxed: false, reason: 'bubblewrap missing' })} />)).toBe('');
  });
});
