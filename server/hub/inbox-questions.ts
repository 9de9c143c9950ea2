/**
 * Which recorded contents open a question in the inbox and which close it. Each kind of question
 * is one mapping here: a tool call waiting for approval (the built-in agent's, an external
 * agent's, an Autohand review batch's, all shown through `toolCallRun` with `manualApproval`)
 * is the first; an agent's question to the user (an elicitation card) the second.
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
  /** The kind of question it maps: ids are unique within a kind only (a tool call's, a question's). */
  kind: OpenQuestion['kind'];
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
  kind: 'approval',
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

/** Any ending closes it: answered (a link opened: the user did what was asked), withdrawn, completed, ended. */
const elicitations: QuestionMapping = {
  kind: 'elicitation',
  opens(content, now) {
    if (content.type !== 'elicitation') return undefined;
    return {
      kind: 'elicitation',
      id: content.id,
      mode: content.mode,
      message: content.message,
      ...(content.url === undefined ? {} : { url: content.url }),
      since: now.toISOString(),
    };
  },
  closes: (content) => (content.type === 'elicitationAnswered' ? content.id : undefined),
};

export const QUESTION_MAPPINGS: readonly QuestionMapping[] = [toolApprovals, elicitations];

/** Where the inbox keeps a question of a thread. */
export const questionKey = (kind: OpenQuestion['kind'], id: string) => `${kind}/${id}`;
