import type { ComponentPropsWithoutRef } from 'react';
import Markdown, { type Components, type ExtraProps } from 'react-markdown';

/** Links leave the app in a new tab and give the target no handle back on this page. */
function ExternalLink({ node: _node, ...props }: ComponentPropsWithoutRef<'a'> & ExtraProps) {
  return <a {...props} target="_blank" rel="noopener noreferrer" />;
}

const components: Components = { a: ExternalLink };

/**
 * Model output as Markdown. Raw HTML in it is never rendered (react-markdown escapes it unless a
 * rehype-raw plugin is added, and none is), and unsafe URLs are dropped by its default transform.
 */
export function MarkdownText({ text }: { text: string }) {
  return (
    <div className="markdown">
      <Markdown components={components}>{text}</Markdown>
    </div>
  );
}
