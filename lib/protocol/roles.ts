/**
 * Who a tab is and what it may do: one method-permission table for every kind of tab (the main
 * token, a paired device, a configured user), so that one rule source decides. A `viewer` reads
 * threads and follows the inbox; an `approver` also answers what waits for the user (tool-call
 * approvals, an agent's questions, Stop); an `operator` may do everything. A request outside the
 * role is answered with ROLE_ERROR_CODE and a message naming the role and the action.
 */
import { z } from 'zod';

export const RoleSchema = z.enum(['viewer', 'approver', 'operator']);
export type Role = z.infer<typeof RoleSchema>;

/** `owner`: the main token's holder; `device`: a paired device; `user`: a user of the relay's config file. */
export const ActorKindSchema = z.enum(['owner', 'device', 'user']);
export type ActorKind = z.infer<typeof ActorKindSchema>;

export const ActorSchema = z.object({ kind: ActorKindSchema, name: z.string().min(1).max(120) });
/** Who acted, as the audit list records it: the main token's holder is named "owner". */
export type Actor = z.infer<typeof ActorSchema>;

/** Who a tab is, and its role; `initialize` tells the page (absent from a relay older than roles: an operator). */
export const TabActorSchema = ActorSchema.extend({ role: RoleSchema });
export type TabActor = z.infer<typeof TabActorSchema>;

export const OWNER: TabActor = { kind: 'owner', name: 'owner', role: 'operator' };

/**
 * Where an answer came from, as the thread's review says it ("Stopped by you, from Phone"): the
 * device's or the user's name; nothing for the main token's owner. The audit list keeps the kind.
 */
export function answeredFrom(actor: Actor): string | undefined {
  return actor.kind === 'owner' ? undefined : actor.name;
}

const VIEWER_METHODS = [
  'initialize',
  'initialized',
  '$/cancelRequest',
  'getThreads',
  'openThread',
  'getThreadEntries',
  'getThreadEvents',
  'thread/details',
  'inbox/list',
  'tab/visibility',
  'audit/list',
] as const;

const APPROVER_METHODS = [
  ...VIEWER_METHODS,
  'chat/toolCallApprove',
  'chat/toolCallReject',
  'thread/answerElicitation',
  'chat/promptStop',
] as const;

/** What each role may send; an operator may send every method (null: no limit). */
export const ROLE_METHODS: Readonly<Record<Role, ReadonlySet<string> | null>> = {
  viewer: new Set(VIEWER_METHODS),
  approver: new Set(APPROVER_METHODS),
  operator: null,
};

/**
 * Whether the role may send the method with these params. The audit list of every thread is an
 * operator's (the Audit view); a thread's own history, which its details show, is every role's.
 */
export function roleAllows(role: Role, method: string, params?: unknown): boolean {
  if (!(ROLE_METHODS[role]?.has(method) ?? true)) return false;
  if (method === 'audit/list' && role !== 'operator') return typeof (params as { threadId?: unknown } | null)?.threadId === 'string';
  return true;
}

/** In the range JSON-RPC leaves to servers, after Baton's own codes. */
export const ROLE_ERROR_CODE = -32011;

/** What a refused method does, in the words of the refusal. */
const ACTIONS: Record<string, string> = {
  'chat/prompt': 'send a prompt',
  'chat/toolCallApprove': 'approve a tool call',
  'chat/toolCallReject': 'reject a tool call',
  'chat/promptStop': 'stop a turn',
  'thread/answerElicitation': "answer an agent's question",
  'thread/rewind': 'rewind a thread',
  'thread/steer': 'steer a turn',
  'thread/setAgentSetting': "change an agent's setting",
  'mcp/startServer': 'start a tool server',
  'mcp/stopServer': 'stop a tool server',
  'agents/install': 'install an agent',
  'chat/delete': 'delete a thread',
  'thread/delete': 'delete a thread',
  'audit/list': 'read the audit list of every thread',
};

const ROLE_MAY: Record<Exclude<Role, 'operator'>, string> = {
  viewer: 'may only read threads and follow the inbox',
  approver: 'may only read threads, follow the inbox and answer what waits for you (approvals, questions, Stop)',
};

export function roleRefusal(method: string, actor: TabActor): string {
  const action = ACTIONS[method] ?? `use ${method}`;
  const may = actor.role === 'operator' ? 'may do everything' : ROLE_MAY[actor.role];
  return `${method} is not allowed from "${actor.name}": the ${actor.role} role ${may}, not ${action}.`;
}

/**
 * `audit/list`: the recorded actions, newest first; of one thread, or of every thread (an
 * operator's only). Paged like `getThreads`: the `nextCursor` of a page, passed back as `cursor`,
 * asks for the actions older than it.
 */
export const AuditActionNameSchema = z.enum(['prompt', 'approve', 'reject', 'stop', 'rewind', 'answer', 'fork', 'revertFile']);
export type AuditActionName = z.infer<typeof AuditActionNameSchema>;

export const AuditActionSchema = z.object({
  threadId: z.string(),
  actor: ActorSchema,
  action: AuditActionNameSchema,
  toolCallId: z.string().optional(),
  /** The thread's title, absent when the thread is gone (the audit outlives it). */
  threadTitle: z.string().optional(),
  /** RFC 3339. */
  at: z.string(),
});
export type AuditAction = z.infer<typeof AuditActionSchema>;

export const AUDIT_LIST_DEFAULT_LIMIT = 100;
export const AuditListParamsSchema = z.object({
  threadId: z.string().min(1).optional(),
  limit: z.number().int().min(1, 'limit is at least 1').max(1000, 'limit is at most 1000').optional(),
  cursor: z.string().min(1).optional(),
});
export const AuditListResultSchema = z.object({
  actions: z.array(AuditActionSchema),
  /** Present when older actions follow. */
  nextCursor: z.string().optional(),
});

export const auditRequests = {
  'audit/list': { params: AuditListParamsSchema.nullish(), result: AuditListResultSchema },
} as const;
