/**
 * `fs/read_text_file` and `fs/write_text_file` (https://agentclientprotocol.com/protocol/file-system)
 * served from the jailed workspace: paths that leave it are refused, and so is Baton's data
 * folder (the workspace's protected folders) for reads as well as writes, since it holds the
 * config and the database the agent must neither change nor see.
 */
import type { RequestError } from '@agentclientprotocol/sdk';
import type { FileChangeDetails } from '../../../lib/protocol/eca-chat';
import type { Workspace } from '../../workspace/workspace';
import { WorkspaceError } from '../../workspace/workspace-error';
import { type JudgedPath, judgedPaths, type PathAccess } from '../../guard/path-arguments';
import { fileChangeDetailsOffLoop } from '../../workspace/file-change';
import { acpRequestError } from './acp-sdk';

export async function readWorkspaceText(
  workspace: Workspace,
  request: { path: string; line?: number | null; limit?: number | null },
): Promise<string> {
  try {
    const file = await workspace.readTextFile(request.path, {
      // ACP lines are 1-based.
      ...(request.line ? { lineOffset: Math.max(0, request.line - 1) } : {}),
      ...(request.limit ? { lineLimit: request.limit } : {}),
    });
    return file.content;
  } catch (error) {
    throw asRequestError(error, request.path);
  }
}

/** The path an `fs/*` request names, resolved, as the approval rules judge it (path-arguments.ts). */
export async function judgedFilePath(
  workspace: Workspace,
  method: 'read_text_file' | 'write_text_file',
  filePath: string,
): Promise<JudgedPath[]> {
  try {
    return await judgedPaths(method, { path: filePath }, (requested) => workspace.relativePath(requested));
  } catch (error) {
    throw asRequestError(error, filePath);
  }
}

/** What an ACP tool call of each kind does at its locations (https://agentclientprotocol.com/protocol/tool-calls). */
const KIND_ACCESS: Readonly<Record<string, readonly PathAccess[]>> = {
  read: ['read'],
  search: ['read'],
  edit: ['write'],
  delete: ['write'],
  move: ['read', 'write'],
};

/** The workspace paths an agent's own tool call says it touches (its `locations`), resolved. */
export async function judgedLocations(workspace: Workspace, state: { kind?: string; locations: readonly string[] }): Promise<JudgedPath[]> {
  const access = KIND_ACCESS[state.kind ?? ''] ?? [];
  if (access.length === 0) return [];
  const judged: JudgedPath[] = [];
  for (const location of state.locations) {
    try {
      judged.push({ path: await workspace.relativePath(location), access });
    } catch (error) {
      // A location outside the workspace is reached by the agent's own tools, not through
      // Baton: no rule about a workspace path is about it, and the call is judged without it.
      if (!(error instanceof WorkspaceError)) throw error;
    }
  }
  return judged;
}

/** Writes the file and returns the change it made, for the card. */
export async function writeWorkspaceText(workspace: Workspace, filePath: string, content: string): Promise<FileChangeDetails> {
  try {
    const before = await existingText(workspace, filePath);
    await workspace.writeTextFile(filePath, content);
    return fileChangeDetailsOffLoop(await workspace.relativePath(filePath), before, content);
  } catch (error) {
    throw asRequestError(error, filePath);
  }
}

/** The change a write would make, before asking anyone about it. */
export async function plannedChange(workspace: Workspace, filePath: string, content: string): Promise<FileChangeDetails> {
  try {
    await workspace.assertWritable(filePath);
    return fileChangeDetailsOffLoop(await workspace.relativePath(filePath), await existingText(workspace, filePath), content);
  } catch (error) {
    throw asRequestError(error, filePath);
  }
}

async function existingText(workspace: Workspace, filePath: string): Promise<string | undefined> {
  try {
    return (await workspace.readTextFile(filePath)).content;
  } catch (error) {
    if (error instanceof WorkspaceError && error.code === 'not-found') return undefined;
    throw error;
  }
}

/** The workspace's refusals become errors the agent can read; anything else is an internal error. */
export function asRequestError(error: unknown, filePath: string): RequestError {
  const RequestError = acpRequestError();
  if (error instanceof RequestError) return error;
  if (error instanceof WorkspaceError) {
    if (error.code === 'not-found') return RequestError.resourceNotFound(filePath);
    return RequestError.invalidParams({ path: filePath, reason: error.code }, error.message);
  }
  return RequestError.internalError({ path: filePath }, error instanceof Error ? error.message : String(error));
}
