import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DiffView } from './diff-view';

function render(diff: string, linesAdded = 0, linesRemoved = 0): string {
  return renderToStaticMarkup(<DiffView details={{ type: 'fileChange', path: 'notes.md', diff, linesAdded, linesRemoved }} />);
}

describe('DiffView', () => {
  it('says a write of the same content changed nothing, instead of "+0 −0" over an empty diff', () => {
    for (const diff of ['', '--- notes.md\n+++ notes.md\n']) {
      const html = render(diff);
      expect(html).toContain('no change, the file already had this content.');
      expect(html).not.toContain('+0');
    }
  });

  it('shows the counts and lines of a real change', () => {
    const html = render('--- notes.md\n+++ notes.md\n@@ -1 +1 @@\n-old\n+new\n', 1, 1);
    expect(html).toContain('+1');
    expect(html).not.toContain('no change');
  });

  it('shows an empty file created as a change', () => {
    expect(render('--- /dev/null\n+++ notes.md\n')).not.toContain('no change');
  });
});
