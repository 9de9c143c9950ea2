/**
 * A closed store stays closed. Prisma's `$disconnect` disposes of the driver adapter's connection
 * but leaves a client that connects anew, through the adapter's factory, at its next query: a
 * write that came late (a tool call ending after the relay closed) would open the SQLite file
 * again, bringing its `-wal` and `-shm` back into a data folder thought to be at rest, or open a
 * new pool to PostgreSQL. The factory here gives one connection only; once that is disposed of,
 * every query is refused with StoreWriteError 'store-closed', which says why (Prisma hands it on
 * in an error of its own with the same code and message; storeWriteFailure knows it again).
 */
import type { SqlDriverAdapter, SqlDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { storeClosedError } from './store-failure';

/** `factory`, made to refuse a connection after its first one is disposed of. */
export function connectOnce(factory: SqlDriverAdapterFactory): SqlDriverAdapterFactory {
  let closed = false;
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    async connect(): Promise<SqlDriverAdapter> {
      if (closed) throw storeClosedError();
      const connection = await factory.connect();
      const dispose = connection.dispose.bind(connection);
      connection.dispose = async () => {
        closed = true;
        await dispose();
      };
      return connection;
    },
  };
}
