import { type ComponentPropsWithoutRef, memo, useDeferredValue, useSyncExternalStore } from 'react';
import Markdown, { type Components, type ExtraProps } from 'react-markdown';
import { CodeBlock } from './code-block';
import { endsInOpenFence, splitMarkdownBlocks } from './markdown-blocks';
import styles from './markdown.module.css';

/** Links leave the app in a new tab and give the target no handle back on this page. */
function ExternalLink({ node: _node, ...props }: ComponentPropsWithoutRef<'a'> & ExtraProps) {
  return <a {...props} target="_blank" rel="noopener noreferrer" />;
}

type HastNode = { type: string; value?: string; tagName?: string; properties?: Record<string, unknown>; children?: HastNode[] };

function textOf(node: HastNode): string {
  if (node.type === 'text') return node.value ?? '';
  return (node.children ?? []).map(textOf).join('');
}

/** A fenced block's language, from the `language-…` class Markdown gives its code element. */
function languageOf(code: HastNode | undefined): string | undefined {
  const classes = code?.properties?.className;
  const names = Array.isArray(classes) ? classes.map(String) : [];
  return names.find((name) => name.startsWith('language-'))?.slice('language-'.length) || undefined;
}

/** A `pre` (a fenced or indented code block) as a code block with a copy button. */
function codeBlockComponent(highlight: boolean) {
  return function MarkdownCodeBlock({ node }: ComponentPropsWithoutRef<'pre'> & ExtraProps) {
    const code = (node?.children ?? []).find((child) => child.type === 'element' && child.tagName === 'code') as HastNode | undefined;
    const text = code ? textOf(code) : textOf((node ?? { type: 'root' }) as HastNode);
    return <CodeBlock code={text.replace(/\n$/, '')} language={languageOf(code)} highlight={highlight} />;
  };
}

const closedBlockComponents: Components = { a: ExternalLink, pre: codeBlockComponent(true) };
const openTailComponents: Components = { a: ExternalLink, pre: codeBlockComponent(false) };

/** One top-level block: parsed again only when its own text changed. */
const MarkdownBlock = memo(function MarkdownBlock({ text, open }: { text: string; open: boolean }) {
  return <Markdown components={open ? openTailComponents : closedBlockComponents}>{text}</Markdown>;
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
 * Code blocks are highlighted once closed; a code block still open at the end stays plain.
 */
export function MarkdownBlocks({ text }: { text: string }) {
  const blocks = splitMarkdownBlocks(text);
  return (
    <div className={`markdown ${styles.markdown}`}>
      {blocks.map((block, index) => (
        // Blocks only grow at the end: a position is the same block for as long as it exists.
        <MarkdownBlock key={index} text={block} open={index === blocks.length - 1 && endsInOpenFence(block)} />
      ))}
    </div>
  );
}
