import type { ToolCallEntry } from '../../lib/protocol/thread-model';
import { parseAnsi } from './parse-ansi';
import { shellCommandOf } from './shell-command';
import { toolCallReasonText } from './tool-call-status';

/** Text as a terminal shows it: escape sequences (colours, cursor moves) taken out, never printed raw. */
export function withoutEscapes(text: string): string {
  return parseAnsi(text)
    .map((run) => run.text)
    .join('');
}

function firstLine(text: string | undefined): string | null {
  return (
    withoutEscapes(text ?? '')
      .split('\n')
      .map((line) => line.trim())
      .find((line) => line !== '') ?? null
  );
}

/**
 * What a finished call's row says happened, without opening it: a failed call's reason (its
 * output's first line, which is where tools put it), a command's first line of output or "no
 * output". Other calls say it with their status and summary alone.
 */
export function toolCallResultLine(entry: ToolCallEntry): string | null {
  if (entry.status === 'failed') return firstLine(entry.outputText) ?? toolCallReasonText(entry) ?? 'failed, with no output';
  if (entry.status === 'succeeded' && shellCommandOf(entry) !== undefined) return firstLine(entry.outputText) ?? 'no output';
  return null;
}
