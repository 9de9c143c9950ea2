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

export function splitMarkdownBlocks(text: string): string[] {
  const lines = text.split('\n');
  const blocks: string[] = [];
  let start = 0;
  let fence: string | null = null;
  let afterBlank = false;
  let inList = false;
  for (const [index, line] of lines.entries()) {
    if (fence !== null) {
      if (closesFence(line, fence)) fence = null;
      continue;
    }
    const blank = line.trim() === '';
    const topLevel = !blank && !/^[ \t]/.test(line);
    const listItem = topLevel && LIST_ITEM.test(line);
    if (afterBlank && index > start && topLevel && !(listItem && inList)) {
      blocks.push(lines.slice(start, index).join('\n'));
      start = index;
    }
    // A line right under a list item without a blank line is its lazy continuation: still the list.
    if (topLevel && (afterBlank || listItem)) inList = listItem;
    fence = FENCE.exec(line)?.[1] ?? null;
    afterBlank = blank;
  }
  blocks.push(lines.slice(start).join('\n'));
  return blocks;
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
