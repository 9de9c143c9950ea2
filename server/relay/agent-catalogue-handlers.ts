/**
 * "Add agent" on the wire (lib/protocol/agent-catalogue.ts): `agents/catalogue` lists the ACP
 * registry's agents, `agents/install` installs the one a user picked. A failed install is answered
 * with its reason as the message, for the dialog to show as it is; while it runs, the tab that asked
 * hears how far it is (`agents/installProgress`).
 */
import { ErrorCodes } from '../../lib/protocol/json-rpc';
import { RpcError } from '../../lib/rpc/errors';
import type { TabContext } from './tab-context';

async function plainly<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new RpcError(ErrorCodes.InternalError, error instanceof Error ? error.message : String(error), undefined, { cause: error });
  }
}

export function registerAgentCatalogueHandlers({ connection, installer, log }: TabContext): void {
  const needInstaller = () => {
    if (!installer) throw new Error('This relay does not install agents.');
    return installer;
  };
  connection.onRequest('agents/catalogue', () => plainly(() => needInstaller().catalogue()));
  connection.onRequest('agents/install', ({ id }) =>
    plainly(async () => {
      const result = await needInstaller().install(id, (progress) => connection.notify('agents/installProgress', progress));
      if (result.installed) log(`installed the agent ${id} ${result.version} (${result.distribution})`);
      return result;
    }),
  );
}
