/**
 * Which recorded contents open a question in the inbox and which close it. Each kind of question
 * is one mapping here: a tool call waiting for approval (the built-in agent's, an external
 * agent's, an Autohand review batch's, all shown through `toolCallRun` with `manualApproval`)
 * is the first; another kind (an agent asking for input) plugs in as one more mapping.
 */
import type { ChatContent } from '../../lib/protocol/eca-chat';
import type { InboxItem } from '../../lib/protocol/inbox';

/** A question as the recorded contents tell it, without the thread's name (the inbox adds it). */
export type OpenQuestion = InboxQuestion extends infer Question
  ? Question extends InboxQuestion
    ? Omit<Question, 'threadId' | 'threadTitle' | 'agent'>
    : never
  : never;
/** Every kind of inbox item that is a question (the others say what happened). */
type InboxQuestion = Exclude<InboxItem, { kind: 'turnEnded' }>;

export interface QuestionMapping {
  /** The question this content starts waiting, if it does. */
  opens(content: ChatContent, now: Date): OpenQuestion | undefined;
  /** The id of the question this content answers or ends, if it does. */
  closes(content: ChatContent): string | undefined;
}

/** What a call acts on, read off the usual argument names: the command it runs, else the file(s). */
export function callDetail(args: Record<string, unknown> | undefined): string | undefined {
  if (!args) return undefined;
  const command = args.command ?? args.cmd;
  if (typeof command === 'string') return command;
  if (Array.isArray(command) && command.every((part) => typeof part === 'string')) return command.join(' ');
  for (const key of ['path', 'file_path', 'filePath', 'file']) {
    const value = args[key];
    if (typeof value === 'string') return value;
  }
  const files = args.files;
  if (Array.isArray(files) && files.every((file) => typeof file === 'string')) return files.join(', ');
  return undefined;
}

const toolApprovals: QuestionMapping = {
  opens(content, now) {
    if (content.type !== 'toolCallRun' || !content.manualApproval) return undefined;
    const detail = callDetail(content.arguments);
    return {
      kind: 'approval',
      id: content.id,
      tool: content.name,
      question: content.summary ?? content.name,
      ...(detail === undefined ? {} : { detail }),
      ...(content.approvalOptions && content.approvalOptions.length > 0 ? { options: content.approvalOptions } : {}),
      since: now.toISOString(),
    };
  },
  closes(content) {
    switch (content.type) {
      case 'toolCallApproval':
      case 'toolCallRunning':
      case 'toolCalled':
      case 'toolCallRejected':
        return content.id;
      default:
        return undefined;
    }
  },
};

export const QUESTION_MAPPINGS: readonly QuestionMapping[] = [toolApprovals];
