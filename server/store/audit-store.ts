/**
 * Who did what to a thread (lib/protocol/roles.ts, `audit/list`): one row an action, written as
 * the action is taken and read newest first, of one thread or of all. Rows outlive their thread,
 * as an audit must.
 */
import type { Actor, AuditAction, AuditActionName } from '../../lib/protocol/roles';
import { AuditActionNameSchema, ActorKindSchema } from '../../lib/protocol/roles';
import type { PrismaClient } from './generated/client';

export interface AuditRecord {
  threadId: string;
  actor: Actor;
  action: AuditActionName;
  toolCallId?: string;
}

export interface AuditStore {
  record(action: AuditRecord): Promise<void>;
  /** Newest first, at most `limit`. */
  list(query: { threadId?: string; limit: number }): Promise<AuditAction[]>;
}

export class PrismaAuditStore implements AuditStore {
  constructor(private readonly prisma: Pick<PrismaClient, 'auditAction'>) {}

  async record({ threadId, actor, action, toolCallId }: AuditRecord): Promise<void> {
    await this.prisma.auditAction.create({ data: { threadId, actorKind: actor.kind, actor: actor.name, action, toolCallId } });
  }

  async list({ threadId, limit }: { threadId?: string; limit: number }): Promise<AuditAction[]> {
    const rows = await this.prisma.auditAction.findMany({
      where: threadId === undefined ? {} : { threadId },
      // The id breaks ties between actions recorded in the same millisecond, in the order they were taken.
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: limit,
    });
    return rows.map((row) => ({
      threadId: row.threadId,
      actor: { kind: ActorKindSchema.parse(row.actorKind), name: row.actor },
      action: AuditActionNameSchema.parse(row.action),
      ...(row.toolCallId === null ? {} : { toolCallId: row.toolCallId }),
      at: row.createdAt.toISOString(),
    }));
  }
}
