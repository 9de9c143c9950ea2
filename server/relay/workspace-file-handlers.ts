/**
 * The workspace file methods of one tab (specs/acp-threads.md: `readTextFile`, `readBinaryFile`,
 * `stat`, `globSearch`; Baton's own `listDirectory`, lib/protocol/workspace-files.ts), served for
 * the relay's workspace and confined to it by Workspace. The file panel's searches and listings
 * leave out what .gitignore ignores unless asked otherwise.
 */
import { asRpc } from './rpc-errors';
import type { TabContext } from './tab-context';

export function registerWorkspaceFileHandlers({ connection, workspace }: TabContext): void {
  connection.onRequest('readTextFile', ({ path, lineOffset, lineLimit }) =>
    asRpc(() => workspace.readTextFile(path, { lineOffset, lineLimit })),
  );
  connection.onRequest('readBinaryFile', ({ path, byteOffset, byteLimit }) =>
    asRpc(async () => {
      const { version, bytes, size } = await workspace.readBinaryPage(path, { byteOffset, byteLimit });
      return { version, content: bytes.toString('base64'), size };
    }),
  );
  connection.onRequest('stat', ({ path }) => asRpc(() => workspace.stat(path)));
  connection.onRequest('globSearch', ({ pattern, limit, ignoreCase, includeIgnored }) =>
    asRpc(async () => {
      const found = await workspace.globSearch(pattern, { maxMatches: limit, ignoreCase, gitignore: !includeIgnored });
      return { matches: found.matches, truncated: found.truncated };
    }),
  );
  connection.onRequest('listDirectory', ({ path, gitignore }) => asRpc(() => workspace.listDirectory(path, { gitignore })));
}
