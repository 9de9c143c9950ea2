/**
 * Who did what to a thread (lib/protocol/roles.ts, `audit/list`): one row an action, written as
 * the action is taken and read newest first, of one thread or of all, a page at a time. Rows
 * outlive their thread, as an audit must; a page names the threads still there by their titles.
 */
import type { Actor, AuditAction, AuditActionName } from '../../lib/protocol/roles';
import { AuditActionNameSchema, ActorKindSchema } from '../../lib/protocol/roles';
import { decodeAuditCursor, encodeAuditCursor, olderThan } from './audit-page';
import type { PrismaClient } from './generated/client';

export interface AuditRecord {
  threadId: string;
  actor: Actor;
  action: AuditActionName;
  toolCallId?: string;
}

export interface AuditQuery {
  threadId?: string;
  limit: number;
  /** A page's `nextCursor`: the actions older than that page's last. */
  cursor?: string;
}

export interface AuditPage {
  /** Newest first, at most `limit`. */
  actions: AuditAction[];
  /** Present when older actions follow. */
  nextCursor?: string;
}

export interface AuditStore {
  record(action: AuditRecord): Promise<void>;
  /** Newest first; throws InvalidCursorError for a cursor it did not make. */
  list(query: AuditQuery): Promise<AuditPage>;
}

export class PrismaAuditStore implements AuditStore {
  constructor(private readonly prisma: Pick<PrismaClient, 'auditAction' | 'thread'>) {}

  async record({ threadId, actor, action, toolCallId }: AuditRecord): Promise<void> {
    await this.prisma.auditAction.create({ data: { threadId, actorKind: actor.kind, actor: actor.name, action, toolCallId } });
  }

  async list({ threadId, limit, cursor }: AuditQuery): Promise<AuditPage> {
    const rows = await this.prisma.auditAction.findMany({
      where: {
        ...(threadId === undefined ? {} : { threadId }),
        ...(cursor === undefined ? {} : olderThan(decodeAuditCursor(cursor))),
      },
      // The id breaks ties between actions recorded in the same millisecond, in the order they were taken.
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      // One more than the page: whether older actions follow, without counting them.
      take: limit + 1,
    });
    const page = rows.slice(0, limit);
    const titles = await this.titlesOf(new Set(page.map((row) => row.threadId)));
    const last = page.at(-1);
    return {
      actions: page.map((row) => ({
        threadId: row.threadId,
        actor: { kind: ActorKindSchema.parse(row.actorKind), name: row.actor },
        action: AuditActionNameSchema.parse(row.action),
        ...(row.toolCallId === null ? {} : { toolCallId: row.toolCallId }),
        ...(titles.has(row.threadId) ? { threadTitle: titles.get(row.threadId) } : {}),
        at: row.createdAt.toISOString(),
      })),
      ...(rows.length > limit && last ? { nextCursor: encodeAuditCursor(last) } : {}),
    };
  }

  /** The titles of the threads not deleted (archived ones included: they can still be opened). */
  private async titlesOf(threadIds: Set<string>): Promise<Map<string, string>> {
    if (threadIds.size === 0) return new Map();
    const threads = await this.prisma.thread.findMany({
      where: { id: { in: [...threadIds] }, deletedAt: null },
      select: { id: true, title: true },
    });
    return new Map(threads.map((thread) => [thread.id, thread.title]));
  }
}
