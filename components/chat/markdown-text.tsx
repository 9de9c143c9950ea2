import { type ComponentPropsWithoutRef, memo } from 'react';
import Markdown, { type Components, type ExtraProps } from 'react-markdown';
import { splitMarkdownBlocks } from './markdown-blocks';

/** Links leave the app in a new tab and give the target no handle back on this page. */
function ExternalLink({ node: _node, ...props }: ComponentPropsWithoutRef<'a'> & ExtraProps) {
  return <a {...props} target="_blank" rel="noopener noreferrer" />;
}

const components: Components = { a: ExternalLink };

/** One top-level block: parsed again only when its own text changed. */
const MarkdownBlock = memo(function MarkdownBlock({ text }: { text: string }) {
  return <Markdown components={components}>{text}</Markdown>;
});

/**
 * Model output as Markdown. Raw HTML in it is never rendered (react-markdown escapes it unless a
 * rehype-raw plugin is added, and none is), and unsafe URLs are dropped by its default transform.
 * Parsed block by block, so a streamed piece costs the parse of the block it lands in, not of
 * the whole answer so far.
 */
export function MarkdownText({ text }: { text: string }) {
  return (
    <div className="markdown">
      {splitMarkdownBlocks(text).map((block, index) => (
        // Blocks only grow at the end: a position is the same block for as long as it exists.
        <MarkdownBlock key={index} text={block} />
      ))}
    </div>
  );
}
