import { type ComponentType, memo, use, useDeferredValue, useEffect, useRef, useSyncExternalStore } from 'react';
import { isListScrollingFast, subscribeListScrollingFast } from './fast-scroll';
import type { MarkdownBlockProps } from './markdown-block';
import { endsInOpenFence, extendMarkdownSplit, type MarkdownSplit } from './markdown-blocks';
import { MarkdownSketch } from './markdown-sketch';
import { plainParagraphText } from './plain-paragraph';
import styles from './markdown.module.css';

// The renderer is the largest part of the page's script and the first screen has no Markdown to
// show (its welcome line is a plain paragraph): fetched when the first Markdown block is shown, or
// when a thread is opened (./use-thread-view-loaded.ts).
let loadedBlock: ComponentType<MarkdownBlockProps> | undefined;
let loading: Promise<ComponentType<MarkdownBlockProps>> | undefined;

export function preloadMarkdown(): Promise<ComponentType<MarkdownBlockProps>> {
  loading ??= import('./markdown-block').then((module) => (loadedBlock = module.MarkdownBlock));
  return loading;
}

/**
 * A block as the renderer would show it: a plain one-line paragraph at once (the renderer's output
 * for it is exactly this; ./plain-paragraph.test.tsx checks it), anything else by the renderer,
 * waiting for it the first time (a background render, see MarkdownText: what was shown stays).
 */
const FirstUseMarkdownBlock = memo(function FirstUseMarkdownBlock({ text, open }: MarkdownBlockProps) {
  const plain = plainParagraphText(text);
  if (plain !== null) return <p>{plain}</p>;
  const Block = loadedBlock ?? use(preloadMarkdown());
  return <Block text={text} open={open} />;
});

/**
 * Model output as Markdown, shown as soon as the page has time for it. Parsing is the costly part
 * of showing an entry, so it runs in a background render that React interrupts for what the
 * reader does (a scroll, a key) and for the next streamed piece: it never holds the main thread
 * long. Until it is done the text shown before stays; the same holds while the renderer's chunk is
 * still on its way, since that background render waits for it. The first time, that is a sketch
 * of the same height (./markdown-sketch.tsx), so that the chat list measures the entry right.
 */
export function MarkdownText({ text }: { text: string }) {
  // A server render (and the hydration that must match it) has no later: it shows the text at once.
  const initial = useSyncExternalStore<string | typeof NOT_RENDERED>(
    noSubscription,
    () => NOT_RENDERED,
    () => text,
  );
  // An entry passing by in a list scrolled faster than anyone reads is not parsed (./fast-scroll.ts);
  // one parsed before stays so, as does an answer streaming in.
  const fast = useSyncExternalStore(subscribeListScrollingFast, isListScrollingFast, () => false);
  const parsed = useRef(false);
  const rendered = useDeferredValue<string | typeof NOT_RENDERED>(fast && !parsed.current ? NOT_RENDERED : text, initial);
  useEffect(() => {
    if (rendered !== NOT_RENDERED) parsed.current = true;
  }, [rendered]);
  return rendered === NOT_RENDERED ? <MarkdownSketch text={text} /> : <MarkdownBlocks text={rendered} />;
}

/** Stands for "not rendered by the renderer yet": no text is equal to it. */
const NOT_RENDERED = Symbol('not rendered');
const noSubscription = () => () => {};

/**
 * Parsed block by block, so a streamed piece costs the parse of the block it lands in, not of the
 * whole answer; and cut into blocks from where the last piece's cut left off (extendMarkdownSplit),
 * so that a piece does not scan the whole answer either. Memoised: the urgent render a piece
 * causes, while the new text waits for its background render, shows the same text and costs
 * nothing here. Code blocks are highlighted once closed; a code block still open at the end stays
 * plain.
 */
export const MarkdownBlocks = memo(function MarkdownBlocks({
  text,
  block: Block = FirstUseMarkdownBlock,
}: {
  text: string;
  block?: ComponentType<MarkdownBlockProps>;
}) {
  // A cache, not state: a render React throws away leaves a split that the next one resumes from
  // only if its text continues it, and splits anew otherwise.
  const split = useRef<MarkdownSplit | null>(null);
  split.current = extendMarkdownSplit(split.current, text);
  const { blocks } = split.current;
  return (
    <div className={`markdown ${styles.markdown}`}>
      {blocks.map((block, index) => (
        // Blocks only grow at the end: a position is the same block for as long as it exists.
        <Block key={index} text={block} open={index === blocks.length - 1 && endsInOpenFence(block)} />
      ))}
    </div>
  );
});
