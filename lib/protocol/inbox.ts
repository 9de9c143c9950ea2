/**
 * Baton's inbox on the browser protocol: every question that waits for the user, across all
 * threads and agents, and the turns that ended while no tab had their thread open, until seen.
 * A tab lists it (`inbox/list`) and is told each change (`inbox/changed`, the whole list: it is
 * as long as what waits, never as long as a thread). A tab says whether the user can see it
 * (`tab/visibility`), so that the relay tells the tabs (`inbox/alert`) only of what happens in a
 * thread no one is looking at. Answers go through the thread's own methods (`chat/toolCallApprove`,
 * `chat/toolCallReject`, `thread/answerElicitation`), so answering here is answering in the thread.
 */
import { z } from 'zod';
import { ApprovalOptionSchema } from './agents';
import { ThreadIdSchema } from './thread-model';
import { TurnOutcomeSchema } from './thread-review';

/** The thread an item belongs to, as the inbox names it. */
const inboxThread = {
  threadId: ThreadIdSchema,
  threadTitle: z.string(),
  /** The configured agent the thread is bound to. */
  agent: z.string().optional(),
};

/** A tool call (or an Autohand review batch) waiting for an approval. */
export const InboxApprovalSchema = z.object({
  kind: z.literal('approval'),
  ...inboxThread,
  /** The tool call's id: what `chat/toolCallApprove` and `chat/toolCallReject` name. */
  id: z.string(),
  tool: z.string(),
  /** What is asked, in words: the call's summary, else its tool's name. */
  question: z.string(),
  /** What the call acts on: the command it runs, the file it changes; absent when it names neither. */
  detail: z.string().optional(),
  /** The agent's own answers, as on the thread's card; absent: Approve and Reject. */
  options: z.array(ApprovalOptionSchema).optional(),
  /** RFC 3339: since when it waits. */
  since: z.string(),
});

/** An agent's question to the user (lib/protocol/elicitation.ts) waiting for an answer. */
export const InboxElicitationSchema = z.object({
  kind: z.literal('elicitation'),
  ...inboxThread,
  /** The question's id: what `thread/answerElicitation` names. */
  id: z.string(),
  /** A form to fill, or a link to open. */
  mode: z.enum(['form', 'url']),
  /** What the agent asks, in its words. */
  message: z.string(),
  /** URL mode: the link the agent sends the user to (shown as a link only when http or https). */
  url: z.string().optional(),
  /** RFC 3339: since when it waits. */
  since: z.string(),
});

/** A turn that ended while no tab had its thread open; listed until a tab opens the thread. */
export const InboxTurnEndedSchema = z.object({
  kind: z.literal('turnEnded'),
  ...inboxThread,
  outcome: TurnOutcomeSchema,
  /** RFC 3339. */
  at: z.string(),
});

/** One entry of the inbox; a new kind of question is one more member here. */
export const InboxItemSchema = z.discriminatedUnion('kind', [InboxApprovalSchema, InboxElicitationSchema, InboxTurnEndedSchema]);
export type InboxItem = z.infer<typeof InboxItemSchema>;
export type InboxApproval = z.infer<typeof InboxApprovalSchema>;
export type InboxElicitation = z.infer<typeof InboxElicitationSchema>;

/** Oldest first: the question that has waited longest leads. */
export const InboxListSchema = z.object({ items: z.array(InboxItemSchema) });
export type InboxList = z.infer<typeof InboxListSchema>;

/** To every tab: something started or stopped waiting; the inbox as it stands now. */
export const InboxChangedParamsSchema = InboxListSchema;
/** To every tab: a question started waiting or a turn ended in a thread no visible tab has open. */
export const InboxAlertParamsSchema = z.object({ item: InboxItemSchema });
export type InboxAlertParams = z.infer<typeof InboxAlertParamsSchema>;
/**
 * From a tab: whether its page can be seen (the Page Visibility API), and which thread it shows
 * (null: none, e.g. a new thread not yet started). A tab that never says counts as seen; one that
 * never names a thread counts as showing the thread whose updates it receives.
 */
export const TabVisibilityParamsSchema = z.object({ visible: z.boolean(), threadId: ThreadIdSchema.nullable().optional() });

export const inboxRequests = {
  'inbox/list': { params: z.object({}).nullish(), result: InboxListSchema },
} as const;

export const inboxNotifications = {
  'inbox/changed': InboxChangedParamsSchema,
  'inbox/alert': InboxAlertParamsSchema,
  'tab/visibility': TabVisibilityParamsSchema,
} as const;

/** What names an item: its thread, its kind, and a question's id. */
export type InboxItemName = Pick<InboxItem, 'threadId'> &
  ({ kind: 'turnEnded' } | { kind: Exclude<InboxItem['kind'], 'turnEnded'>; id: string });

/** A stable key per item, for lists and for the browser's notification tags. */
export function inboxItemKey(item: InboxItemName): string {
  return item.kind === 'turnEnded' ? `${item.threadId}/ended` : `${item.threadId}/${item.kind}/${item.id}`;
}
