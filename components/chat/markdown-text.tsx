import { type ComponentPropsWithoutRef, memo, useDeferredValue, useSyncExternalStore } from 'react';
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
 * Model output as Markdown, shown as soon as the page has time for it. Parsing is the costly part
 * of showing an entry, so it runs in a background render that React interrupts for what the
 * reader does (a scroll, a key) and for the next streamed piece: it never holds the main thread
 * long. Until it is done the text shown before stays (nothing, the first time).
 */
export function MarkdownText({ text }: { text: string }) {
  // A server render (and the hydration that must match it) has no later: it shows the text at once.
  const initial = useSyncExternalStore(noSubscription, () => '', () => text);
  return <MarkdownBlocks text={useDeferredValue(text, initial)} />;
}

const noSubscription = () => () => {};

/**
 * Raw HTML in the text is never rendered (react-markdown escapes it unless a rehype-raw plugin is
 * added, and none is), and unsafe URLs are dropped by its default transform. Parsed block by
 * block, so a streamed piece costs the parse of the block it lands in, not of the whole answer.
 */
export function MarkdownBlocks({ text }: { text: string }) {
  return (
    <div className="markdown">
      {splitMarkdownBlocks(text).map((block, index) => (
        // Blocks only grow at the end: a position is the same block for as long as it exists.
        <MarkdownBlock key={index} text={block} />
      ))}
    </div>
  );
}
