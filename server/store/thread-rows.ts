/**
 * A thread's row as the list and the header read it: the columns each selects, and the protocol
 * shapes they become (the store and the history store both hand out thread metadata).
 */
import type { ThreadMetadata } from '../../lib/protocol/thread-model';
import type { ThreadFacts } from './thread-facts';
import type { StoredThreadDetails } from './thread-store';

export type MetadataRow = {
  id: string;
  title: string;
  modifiedAt: Date;
  agent: string;
  archivedAt: Date | null;
  lastMessageStart: string | null;
};

export const toMetadata = (row: MetadataRow): ThreadMetadata => ({
  id: row.id,
  title: row.title,
  modifiedAt: row.modifiedAt.toISOString(),
  agent: row.agent,
  ...(row.archivedAt === null ? {} : { archivedAt: row.archivedAt.toISOString() }),
  ...(row.lastMessageStart === null ? {} : { lastMessageStart: row.lastMessageStart }),
});

export const metadataColumns = { id: true, title: true, modifiedAt: true, agent: true, archivedAt: true, lastMessageStart: true } as const;
export const factColumns = { model: true, usageTokens: true, usageCost: true, lastSessionTokens: true } as const;
export const detailColumns = { ...metadataColumns, ...factColumns, createdAt: true } as const;

type DetailRow = { id: string; title: string; agent: string; createdAt: Date; modifiedAt: Date } & ThreadFacts;

export const toDetails = (row: DetailRow): StoredThreadDetails => ({
  id: row.id,
  title: row.title,
  agent: row.agent,
  model: row.model,
  createdAt: row.createdAt.toISOString(),
  modifiedAt: row.modifiedAt.toISOString(),
  totalTokens: row.usageTokens,
  totalCost: row.usageCost,
});
