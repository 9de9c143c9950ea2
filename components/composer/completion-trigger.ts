/**
 * Where the composer's caret asks for completion: `@` plus the text after it (a context, from
 * `chat/queryContext`), or a `/` that opens the prompt (a command, from `chat/queryCommands`).
 * A context query may end in a line range, `path:10-20` (or `path:10`), which the chosen file
 * context carries (specs/eca-protocol-v2.md, "Chat Prompt", `FileContext.linesRange`).
 */
import type { LinesRange } from '../../lib/protocol/eca/chat-context';

interface TokenSpan {
  /** Where the token (with its `@` or `/`) starts in the text. */
  start: number;
  /** Where it ends: the caret, or further if the word goes on past it. */
  end: number;
}

export type CompletionTrigger =
  | (TokenSpan & { kind: 'context'; query: string; linesRange?: LinesRange })
  | (TokenSpan & { kind: 'command'; query: string });

const COMMAND_BEFORE_CARET = /^\/(\S*)$/;
/** An `@` at the start or after white space, then no white space up to the caret. */
const CONTEXT_BEFORE_CARET = /(^|\s)@(\S*)$/;
const LINES_RANGE = /^(.*):(\d+)(?:-(\d+))?$/;

export function findCompletionTrigger(text: string, caret: number): CompletionTrigger | null {
  const before = text.slice(0, caret);
  const end = caret + (/^\S*/.exec(text.slice(caret))?.[0].length ?? 0);

  const command = COMMAND_BEFORE_CARET.exec(before);
  if (command) return { kind: 'command', query: command[1] ?? '', start: 0, end };

  const context = CONTEXT_BEFORE_CARET.exec(before);
  if (!context) return null;
  const start = context.index + (context[1] ?? '').length;
  return { kind: 'context', start, end, ...splitLinesRange(context[2] ?? '') };
}

function splitLinesRange(query: string): { query: string; linesRange?: LinesRange } {
  const match = LINES_RANGE.exec(query);
  if (!match?.[1]) return { query };
  const first = Number(match[2]);
  const last = match[3] === undefined ? first : Number(match[3]);
  return { query: match[1], linesRange: { start: Math.min(first, last), end: Math.max(first, last) } };
}

/** The text with the trigger's token taken out (a chosen context shows as a chip instead). */
export function removeToken(text: string, span: TokenSpan): { text: string; caret: number } {
  const before = text.slice(0, span.start);
  let after = text.slice(span.end);
  // Taking "@x" out of "see @x now" should leave "see now", not "see  now".
  if ((before === '' || before.endsWith(' ')) && after.startsWith(' ')) after = after.slice(1);
  return { text: before + after, caret: before.length };
}

/** The text with its leading command token replaced by `/name `, ready for the arguments. */
export function fillCommand(text: string, span: TokenSpan, name: string): { text: string; caret: number } {
  const filled = `/${name} `;
  return { text: filled + text.slice(span.end).trimStart(), caret: filled.length };
}
