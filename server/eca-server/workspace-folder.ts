/**
 * The workspace the agent works in: the first of `initialize`'s `workspaceFolders` when it is a
 * `file://` URI (specs/eca-protocol-v2.md, "Initialize"), else the folder the server was started
 * with (`--workspace`, or the current directory). Baton's agent works in one root; the other
 * folders an editor lists are not offered to it.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ErrorCodes } from '../../lib/protocol/json-rpc';
import { RpcError } from '../../lib/rpc/errors';
import type { WorkspaceFolder } from '../../lib/protocol/eca/lifecycle';

export interface ChosenWorkspace {
  root: string;
  /** Where the choice came from, for the log. */
  source: 'workspaceFolders' | 'option';
}

export async function chooseWorkspace(folders: readonly WorkspaceFolder[], fallbackRoot: string): Promise<ChosenWorkspace> {
  const fromEditor = folders[0] === undefined ? undefined : filePath(folders[0].uri);
  const chosen: ChosenWorkspace = fromEditor
    ? { root: fromEditor, source: 'workspaceFolders' }
    : { root: path.resolve(fallbackRoot), source: 'option' };
  if (!(await isDirectory(chosen.root))) {
    throw new RpcError(ErrorCodes.InvalidParams, `The workspace folder ${chosen.root} is not a directory.`);
  }
  return chosen;
}

/** The path of a `file://` URI; undefined for any other scheme (a remote folder has no path here). */
export function filePath(uri: string): string | undefined {
  if (!uri.toLowerCase().startsWith('file:')) return undefined;
  try {
    return fileURLToPath(uri);
  } catch (error) {
    throw new RpcError(ErrorCodes.InvalidParams, `The workspace folder URI ${uri} is not a valid file URI.`, undefined, {
      cause: error,
    });
  }
}

async function isDirectory(folder: string): Promise<boolean> {
  try {
    return (await stat(folder)).isDirectory();
  } catch {
    // Missing or unreadable: either way it cannot be the workspace, and the caller says so.
    return false;
  }
}
