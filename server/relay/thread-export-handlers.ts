/**
 * `thread/details`, `thread/changes`, `thread/export` and `thread/import` for one tab
 * (lib/protocol/thread-export.ts); `thread/changes` says which files are reverted since (file-revert.ts).
 * An export reads the live thread, so it holds what the tab shows; an import creates a new thread.
 */
import { threadChanges } from '../../lib/thread/thread-changes';
import { exportStoredThread, importThreadFile, readThreadDetails } from '../export/thread-archive';
import { markRevertedFiles } from '../rewind/file-revert';
import { asRpc } from './rpc-errors';
import { threadPeople } from './audit-handlers';
import type { TabContext } from './tab-context';

export function registerThreadExportHandlers(context: TabContext): void {
  const { connection, hub, rewind, store, workspace, agents } = context;
  const isKnown = (agent: string) => {
    try {
      agents.assertKnown(agent);
      return true;
    } catch {
      // Not configured here: the caller picks another; nothing to report.
      return false;
    }
  };
  const source = { store, workspace: workspace.root, entries: (threadId: string) => hub.getEntries(threadId) };

  connection.onRequest('thread/details', ({ threadId }) =>
    asRpc(async () => ({
      ...(await readThreadDetails(store, threadId, workspace.root)),
      people: await threadPeople(store.audit, threadId),
    })),
  );
  connection.onRequest('thread/changes', ({ threadId }) =>
    asRpc(async () =>
      markRevertedFiles({ workspace, fileHistory: rewind.fileHistory }, threadId, threadChanges(await hub.getEntries(threadId))),
    ),
  );
  connection.onRequest('thread/export', ({ threadId, format }) => asRpc(() => exportStoredThread(source, threadId, format)));
  connection.onRequest('thread/import', ({ content }) =>
    // A thread of an agent this relay does not have continues with the default agent.
    asRpc(() => importThreadFile(store, content, (exported) => (isKnown(exported) ? exported : agents.defaultAgent))),
  );
}
