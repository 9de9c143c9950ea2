/**
 * Whether a Markdown block is one line of plain prose, which CommonMark renders as nothing but a
 * paragraph of that text (https://spec.commonmark.org/0.31.2/#paragraphs): it starts with a
 * letter (no heading, list, quote, fence or indented code can start so), fits on one line (no
 * setext underline, no hard break) and has none of the characters inline syntax starts with
 * (escapes, entities, code spans, emphasis, links and images, autolinks and raw HTML), nor what
 * GFM turns into a strikethrough or a link (https://github.github.com/gfm/#autolinks-extension-).
 * Trailing white space is no part of a paragraph.
 */
const PLAIN_PARAGRAPH = /^\p{L}[^\\&`*_~[\]<>!@\n\r\t]*$/u;
const AUTOLINK_LITERAL = /https?:\/\/|www\.|mailto:|xmpp:/i;

export function plainParagraphText(block: string): string | null {
  const text = block.replace(/[ \t\r\n]+$/, '');
  return PLAIN_PARAGRAPH.test(text) && !AUTOLINK_LITERAL.test(text) ? text : null;
}
