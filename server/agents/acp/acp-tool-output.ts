/**
 * What a finished ACP tool call's card shows as its result, from what real agents send
 * (testing/real-tool-outputs.ts holds a sample of each shape):
 * - a Baton terminal it showed: that terminal's output, which Baton saw itself (while it still holds it);
 * - codex-acp: `rawOutput` is the command's end event (`stdout`, `stderr`, `aggregated_output`,
 *   `formatted_output`, `exit_code`), while `content` still holds the permission request's text
 *   ("Proposed Amendment …", "Available Decisions …"), so the command's output wins over it;
 * - claude-agent-acp: the tool's result as `content` blocks (its `rawOutput`, when any, a string);
 * - Gemini CLI: a finished command with no output and no content at all, which the card says.
 */
import type { ToolCallState } from './acp-tool-calls';

export const NO_OUTPUT_REPORTED = 'The agent reported no output.';

/** Fields of a command's end, in the order they are preferred: the interleaved output first. */
const COMBINED_OUTPUT_FIELDS = ['aggregated_output', 'aggregatedOutput', 'formatted_output', 'formattedOutput', 'output'] as const;

export function toolCallOutputText(state: ToolCallState, terminalOutput: (terminalId: string) => string | undefined): string {
  const terminals = state.content.flatMap((item) =>
    item.type === 'terminal' && item.terminalId ? [terminalOutput(item.terminalId) ?? ''] : [],
  );
  // A terminal released before the call ended has no output left to read: what the agent says then stands.
  const seen = terminals.filter((output) => output !== '').join('\n');
  if (seen !== '') return seen;
  const command = commandOutput(state.rawOutput);
  if (command !== undefined) return command;
  if (typeof state.rawOutput === 'string' && state.rawOutput !== '') return state.rawOutput;
  const texts = state.content.flatMap((item) => {
    if (item.type === 'content' && item.content) return [contentBlockText(item.content)];
    if (item.type === 'diff' && item.path) return [`Changed ${item.path}`];
    return [];
  });
  const joined = texts.filter((text) => text !== '').join('\n');
  if (joined !== '') return joined;
  const blocks = contentBlocksText(state.rawOutput);
  if (blocks !== undefined) return orNone(blocks, state);
  if (state.rawOutput !== undefined && typeof state.rawOutput !== 'string') return JSON.stringify(state.rawOutput, null, 2);
  return orNone('', state);
}

export function contentBlockText(block: { type: string; text?: string | null; uri?: string | null; name?: string | null }): string {
  if (block.type === 'text') return block.text ?? '';
  if (block.type === 'resource_link') return `[${block.name ?? block.uri ?? 'resource'}](${block.uri ?? ''})`;
  return `[${block.type}]`;
}

/** A command's output from an end-of-command object, with its exit code when it failed; undefined for any other shape. */
function commandOutput(raw: unknown): string | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const fields = raw as Record<string, unknown>;
  const exitCode = fields.exit_code ?? fields.exitCode;
  const combined = COMBINED_OUTPUT_FIELDS.map((name) => fields[name]).find((value): value is string => typeof value === 'string');
  const separate = [fields.stdout, fields.stderr].filter((value): value is string => typeof value === 'string');
  if (combined === undefined && separate.length === 0) return undefined;
  // Codex fills the combined field from the two; one of them alone is the whole output.
  const output =
    combined !== undefined && combined !== ''
      ? combined
      : separate
          .filter((part) => part !== '')
          .map((part) => part.replace(/\n$/, ''))
          .join('\n');
  const exit = typeof exitCode === 'number' && exitCode !== 0 ? `\nExit code ${exitCode}.` : '';
  return output === '' ? `The command printed nothing.${exit}` : `${output.replace(/\n$/, '')}${exit}`;
}

/** Text of a `rawOutput` that is a list of content blocks (a tool result as the model saw it). */
function contentBlocksText(raw: unknown): string | undefined {
  if (!Array.isArray(raw) || raw.length === 0) return undefined;
  const texts = raw.map((block: unknown) =>
    typeof block === 'object' && block !== null && typeof (block as { type?: unknown }).type === 'string'
      ? contentBlockText(block as { type: string })
      : undefined,
  );
  return texts.every((text) => text !== undefined) ? texts.join('\n') : undefined;
}

/** A finished command that showed nothing says so, rather than leaving an empty card. */
function orNone(text: string, state: ToolCallState): string {
  return text === '' && state.kind === 'execute' ? NO_OUTPUT_REPORTED : text;
}
