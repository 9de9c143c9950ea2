/**
 * Cuts Markdown into top-level blocks that can be parsed apart, so that a streaming answer parses
 * only its open tail: a block once followed by another never changes again, and its rendering is
 * kept. The cuts are made only where CommonMark starts a new block whatever came before: after a
 * blank line, outside a fenced code block, at a line that is not indented (a continuation) and is
 * not a further item of a list (a loose list stays one list).
 * https://spec.commonmark.org/0.31.2/#blocks-and-inlines
 */

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const LIST_ITEM = /^(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)/;

/** A text cut into blocks, with where each block starts: what the next, longer text resumes from. */
export interface MarkdownSplit {
  readonly text: string;
  readonly blocks: readonly string[];
  /** Offset in `text` of each block's first line. */
  readonly starts: readonly number[];
}

export function splitMarkdownBlocks(text: string): string[] {
  return [...extendMarkdownSplit(null, text).blocks];
}

/**
 * The split of `text`, reusing `previous` when `text` only continues it (a streamed piece): the
 * blocks before the last cut whose line was whole are kept, the same strings, and only the rest is
 * scanned, so a piece costs the length of the answer's tail, not of the answer. A cut depends only
 * on the lines up to and including its own line, so it stands once that line has ended; a cut
 * line still growing ("-" that becomes "-x") may yet change its mind. Anything else is split anew.
 */
export function extendMarkdownSplit(previous: MarkdownSplit | null, text: string): MarkdownSplit {
  if (previous?.text === text) return previous;
  let kept = 0;
  if (previous && text.length > previous.text.length && text.startsWith(previous.text)) {
    const lastLineStart = previous.text.lastIndexOf('\n') + 1;
    for (let index = previous.starts.length - 1; index > 0; index--) {
      if (previous.starts[index]! < lastLineStart) {
        kept = index;
        break;
      }
    }
  }
  const from = previous && kept > 0 ? previous.starts[kept]! : 0;
  const tail = scanBlocks(text, from);
  if (kept === 0) return { text, ...tail };
  return {
    text,
    blocks: [...previous!.blocks.slice(0, kept), ...tail.blocks],
    starts: [...previous!.starts.slice(0, kept), ...tail.starts],
  };
}

/**
 * The blocks of `text` from `from`, the start of a line that begins a block. Right after a cut the
 * scan's state is fully set by the cut line itself (outside a fence, after a blank line), so a scan
 * resumed there finds the same cuts as one from the top.
 */
function scanBlocks(text: string, from: number): { blocks: string[]; starts: number[] } {
  const blocks: string[] = [];
  const starts: number[] = [from];
  let start = from;
  let fence: string | null = null;
  let afterBlank = true;
  let inList = false;
  for (let lineStart = from; lineStart <= text.length; ) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    const line = text.slice(lineStart, lineEnd);
    if (fence !== null) {
      if (closesFence(line, fence)) fence = null;
    } else {
      const blank = line.trim() === '';
      const topLevel = !blank && !/^[ \t]/.test(line);
      const listItem = topLevel && LIST_ITEM.test(line);
      if (afterBlank && lineStart > start && topLevel && !(listItem && inList)) {
        blocks.push(text.slice(start, lineStart - 1));
        start = lineStart;
        starts.push(start);
      }
      // A line right under a list item without a blank line is its lazy continuation: still the list.
      if (topLevel && (afterBlank || listItem)) inList = listItem;
      fence = FENCE.exec(line)?.[1] ?? null;
      afterBlank = blank;
    }
    if (newline === -1) break;
    lineStart = newline + 1;
  }
  blocks.push(text.slice(start));
  return { blocks, starts };
}

/** A closing fence is the same character, at least as long, with nothing after it but spaces. */
function closesFence(line: string, fence: string): boolean {
  const closing = /^ {0,3}(`+|~+)[ \t]*$/.exec(line)?.[1];
  return closing !== undefined && closing[0] === fence[0] && closing.length >= fence.length;
}

/** Whether the text ends inside a fenced code block that is not closed yet (a streaming tail). */
export function endsInOpenFence(text: string): boolean {
  let fence: string | null = null;
  for (const line of text.split('\n')) {
    if (fence !== null) {
      if (closesFence(line, fence)) fence = null;
      continue;
    }
    fence = FENCE.exec(line)?.[1] ?? null;
  }
  return fence !== null;
}
