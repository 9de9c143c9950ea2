'use client';

import { type ComponentPropsWithoutRef, memo } from 'react';
import Markdown, { type Components, type ExtraProps } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { CodeBlock } from './code-block';

/**
 * The Markdown renderer itself (react-markdown and the parser under it, the largest part of the
 * page's script): loaded with the page only by what is already loaded lazily (the file viewer);
 * the chat loads it on first use through ./markdown-text.tsx.
 */

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
  // biome-ignore lint/correctness/noComponentHookFactories: made twice at module load (highlighted or not), never per render.
  return function MarkdownCodeBlock({ node }: ComponentPropsWithoutRef<'pre'> & ExtraProps) {
    const code = (node?.children ?? []).find((child) => child.type === 'element' && child.tagName === 'code') as HastNode | undefined;
    const text = code ? textOf(code) : textOf((node ?? { type: 'root' }) as HastNode);
    return <CodeBlock code={text.replace(/\n$/, '')} language={languageOf(code)} highlight={highlight} />;
  };
}

const closedBlockComponents: Components = { a: ExternalLink, pre: codeBlockComponent(true) };
const openTailComponents: Components = { a: ExternalLink, pre: codeBlockComponent(false) };

/** GitHub's Markdown, which models write: tables, strikethrough, task lists and bare links. https://github.github.com/gfm/ */
const REMARK_PLUGINS = [remarkGfm];

export interface MarkdownBlockProps {
  text: string;
  /** The last block, inside a code fence not closed yet: its code is not highlighted. */
  open: boolean;
}

/**
 * One top-level block, parsed again only when its own text changed. Raw HTML in the text is never
 * rendered (react-markdown escapes it unless a rehype-raw plugin is added, and none is), and
 * unsafe URLs are dropped by its default transform.
 */
export const MarkdownBlock = memo(function MarkdownBlock({ text, open }: MarkdownBlockProps) {
  return (
    <Markdown remarkPlugins={REMARK_PLUGINS} components={open ? openTailComponents : closedBlockComponents}>
      {text}
    </Markdown>
  );
});

export default MarkdownBlock;
