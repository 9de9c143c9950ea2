/** The words of one line of the audit list (`audit/list`): who did what. */
import { PUSH_ANSWER_DEVICE } from '../../lib/protocol/push';
import type { Actor, AuditAction, AuditActionName } from '../../lib/protocol/roles';

const DID: Record<AuditActionName, string> = {
  prompt: 'sent a prompt',
  approve: 'approved a tool call',
  reject: 'rejected a tool call',
  stop: 'stopped a turn',
  rewind: 'rewound the thread',
  answer: "answered the agent's question",
  fork: 'forked the thread',
  revertFile: 'reverted a file',
};

/** "april", "Phone (device)", "owner (main token)", "a notification" (its Approve, on whichever browser got it). */
export function auditActorText(actor: Actor): string {
  if (actor.kind === 'owner') return 'owner (main token)';
  if (actor.kind === 'device') return actor.name === PUSH_ANSWER_DEVICE ? actor.name : `${actor.name} (device)`;
  return actor.name;
}

/** "approved a tool call", "stopped a turn". */
export function auditDoneText(action: AuditActionName): string {
  return DID[action];
}

/** "april approved a tool call", "Phone (device) stopped a turn", "owner (main token) sent a prompt". */
export function auditActionText({ actor, action }: Pick<AuditAction, 'actor' | 'action'>): string {
  return `${auditActorText(actor)} ${auditDoneText(action)}`;
}
