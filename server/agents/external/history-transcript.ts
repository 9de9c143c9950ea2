/**
 * A thread's history as one compact text, for an agent that starts a session without it: after a
 * hand-over, or when its own session cannot be resumed after a restart. Messages, tool calls with
 * their outcome, file changes and hand-overs; the oldest part is cut first when it is too long.
 */
import type { ThreadEntry, ToolCallEntry } from '../../../lib/protocol/thread-model';
import type { AgentTurn } from '../agent-backend';
import { elicitationText } from '../../../lib/thread/elicitation-text';

/** About 8,000 tokens: enough to carry on, small beside any model's context. */
export const DEFAULT_TRANSCRIPT_CHARS = 32_000;
const OUTPUT_CHARS = 400;
const ARGUMENT_CHARS = 300;

export function historyTranscript(entries: readonly ThreadEntry[], maxChars = DEFAULT_TRANSCRIPT_CHARS): string {
  const lines = entries.map(entryLine).filter((line): line is string => line !== undefined);
  let transcript = lines.join('\n\n');
  if (transcript.length > maxChars) transcript = `[… earlier part cut …]\n\n${transcript.slice(-maxChars)}`;
  return transcript;
}

/**
 * The first prompt of a primed session: the transcript, then what the user asks now. Without
 * history, the message as it is.
 */
export function primedPrompt(history: readonly ThreadEntry[], message: string): string {
  const transcript = historyTranscript(history);
  if (transcript === '') return message;
  return [
    'You are continuing a conversation that began before this session (possibly with another agent).',
    'Here is a transcript of it so far:',
    '<transcript>',
    transcript,
    '</transcript>',
    'The user now says:',
    message,
  ].join('\n\n');
}

/** What the user is told when a new session gets the thread's history: the same for every agent. */
export function primingNote(agentName: string): string {
  return `${agentName} started a new session and was given this thread's history so far.`;
}

/**
 * The text to send in `turn`: in a new session (`fresh`) of a thread with history, the primed
 * prompt, after telling the user; otherwise the message as it is.
 */
export async function primedMessage(turn: AgentTurn, agentName: string, fresh: boolean): Promise<string> {
  if (!fresh || turn.history.length === 0) return turn.message;
  await turn.note(primingNote(agentName));
  return primedPrompt(turn.history, turn.message);
}

function entryLine(entry: ThreadEntry): string | undefined {
  switch (entry.type) {
    case 'message': {
      const text = entry.chunks
        .map((chunk) => chunk.chunk)
        .join('')
        .trim();
      return text === '' ? undefined : `${entry.role === 'user' ? 'User' : 'Assistant'}: ${text}`;
    }
    case 'toolCall':
      return toolCallLine(entry);
    case 'readFile':
      return `Read file ${entry.path}`;
    case 'handOver':
      return `[The thread was handed from ${entry.from} to ${entry.to}.]`;
    case 'link':
      return `Link: ${entry.title} <${entry.url}>`;
    case 'elicitation':
      return elicitationText(entry);
    // Thinking is the agent's own and was never meant as conversation.
    case 'reasoning':
    // How a turn ended and what it cost is the reader's, not the conversation's.
    case 'turnSummary':
      return undefined;
    default: {
      const unreachable: never = entry;
      return unreachable;
    }
  }
}

function toolCallLine(entry: ToolCallEntry): string {
  const args = entry.arguments ? clip(JSON.stringify(entry.arguments), ARGUMENT_CHARS) : '';
  const head = `Tool call ${entry.name}${args ? ` ${args}` : ''}: ${entry.status}`;
  const change = entry.details ? `\nFile change ${entry.details.path}: +${entry.details.linesAdded} -${entry.details.linesRemoved}` : '';
  const output = entry.outputText ?? entry.streamedOutput ?? entry.reason;
  return `${head}${change}${output ? `\n${clip(output.trim(), OUTPUT_CHARS)}` : ''}`;
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
