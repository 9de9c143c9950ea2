/**
 * What the Markdown and Org transcripts say of each entry, apart from how each format marks it up:
 * the header's facts, a prompt's contexts, a tool call's lines. Nothing is redacted.
 */
import type { MessageEntry, ToolCallEntry } from '../../protocol/thread-model';
import type { ChatContext } from '../../protocol/eca-chat';
import type { ThreadDetails } from '../../protocol/thread-export';
import { approvalLabel, boundaryLabel, formatCost, formatTokens } from '../review-labels';

export function headerFacts(details: ThreadDetails): Array<[string, string]> {
  return [
    ['Agent', details.agent],
    ['Model', details.model ?? 'not recorded'],
    ['Workspace', details.workspace ?? 'not recorded'],
    ['Created', details.createdAt],
    ['Modified', details.modifiedAt],
    ['Total tokens', formatTokens(details.totalTokens)],
    ['Total cost', details.totalCost === null ? 'no priced turn' : formatCost(details.totalCost)],
  ];
}

export function messageText(entry: MessageEntry): string {
  return entry.chunks.map((chunk) => chunk.chunk).join('');
}

export function contextText(context: ChatContext): string {
  switch (context.type) {
    case 'file':
      return context.linesRange
        ? `file ${context.path} (lines ${context.linesRange.start}-${context.linesRange.end})`
        : `file ${context.path}`;
    case 'directory':
      return `folder ${context.path}`;
    case 'web':
      return `web ${context.url}`;
    case 'repoMap':
      return 'repository map';
    case 'cursor':
      return `cursor ${context.path}:${context.position.start.line + 1}`;
    case 'mcpResource':
      return `resource ${context.uri} (${context.server})`;
    default: {
      const unreachable: never = context;
      return unreachable;
    }
  }
}

/** "Tool call edit_file (succeeded, 12 ms)". */
export function toolCallTitle(entry: ToolCallEntry): string {
  const time = entry.totalTimeMs === undefined ? '' : `, ${entry.totalTimeMs} ms`;
  return `Tool call ${entry.name} (${entry.status}${time})`;
}

/** The call's plain facts: who decided it, why it did not run, its summary. */
export function toolCallFacts(entry: ToolCallEntry): string[] {
  const facts: string[] = [];
  if (entry.summary) facts.push(entry.summary);
  if (entry.approval) facts.push(approvalLabel(entry.approval));
  if (entry.boundary) {
    const label = boundaryLabel(entry.boundary);
    facts.push(label.charAt(0).toUpperCase() + label.slice(1));
  }
  // A user's or a config rule's rejection is already said by the approval ("Rejected by you"); its code is no reason to a reader.
  const saidByApproval = entry.approval !== undefined && (entry.reason === 'user-choice' || entry.reason === 'user-config');
  if (entry.reason && entry.status !== 'succeeded' && !saidByApproval) facts.push(`Reason: ${entry.reason}`);
  return facts;
}

export function toolCallArguments(entry: ToolCallEntry): string | undefined {
  if (entry.arguments) return JSON.stringify(entry.arguments, null, 2);
  return entry.argumentsText || undefined;
}

/** What the call printed and returned; the streamed output is what a stopped command left. */
export function toolCallOutput(entry: ToolCallEntry): string | undefined {
  return entry.outputText ?? entry.streamedOutput;
}
