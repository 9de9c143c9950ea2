'use client';

import { MarkdownBlock } from './markdown-block';
import { MarkdownBlocks } from './markdown-text';

/**
 * A whole Markdown document rendered at once (the file viewer's rendered view): no wait for a chunk.
 * Beside the block rather than in it: the block is the chunk that markdown-text.tsx loads, and
 * a block that imported markdown-text back would tie the two in a circle.
 */
export function MarkdownDocument({ text }: { text: string }) {
  return <MarkdownBlocks text={text} block={MarkdownBlock} />;
}
