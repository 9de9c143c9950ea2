/** The thread's stored facts kept up to date by the transaction that stores its events. */
import type { ThreadEvent } from '../../lib/protocol/thread-events';
import type { PrismaClient } from './generated/client';
import { foldFacts } from './thread-facts';
import { factColumns } from './thread-rows';

type Transaction = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

/** Folds the events into the thread's stored facts, inside the transaction that stores them. */
export async function updateFacts(transaction: Transaction, threadId: string, events: readonly ThreadEvent[]): Promise<void> {
  const row = await transaction.thread.findUnique({ where: { id: threadId }, select: factColumns });
  if (row === null) return;
  const facts = foldFacts(row, events);
  await transaction.thread.update({ where: { id: threadId }, data: facts });
}
