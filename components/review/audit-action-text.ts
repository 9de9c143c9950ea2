/** The words of one line of a thread's history (`audit/list`): who did what. */
import { PUSH_ANSWER_DEVICE } from '../../lib/protocol/push';
import type { AuditAction, AuditActionName } from '../../lib/protocol/roles';

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

/**
 * "april approved a tool call", "Phone (device) stopped a turn", "owner (main token) sent a
 * prompt", "a notification approved a tool call" (its Approve, on whichever browser got it).
 */
export function auditActionText({ actor, action }: Pick<AuditAction, 'actor' | 'action'>): string {
  const device = actor.name === PUSH_ANSWER_DEVICE ? actor.name : `${actor.name} (device)`;
  const who = actor.kind === 'owner' ? 'owner (main token)' : actor.kind === 'device' ? device : actor.name;
  return `${who} ${DID[action]}`;
}
