/**
 * What a workspace path holds, as a rewind compares it: nothing, a file with these bytes, or
 * something Baton does not keep (a folder, a binary or very large file). Read through the
 * workspace, so a path that leads outside it (a symlink swapped in since) is refused, not read.
 */
import { createHash } from 'node:crypto';
import { MAX_TEXT_FILE_BYTES, type Workspace } from '../workspace/workspace';
import { WorkspaceError } from '../workspace/workspace-error';

export type FileState =
  | { kind: 'absent' }
  | { kind: 'file'; hash: string; text?: string }
  | { kind: 'unkept'; hash: string; reason: string };

/** Codes that say "there is something here that is not a text file Baton can keep". */
const UNKEPT_CODES = new Set(['is-directory', 'file-too-large', 'not-a-regular-file', 'symbolic-link', 'dangling-symlink']);

export async function readFileState(workspace: Workspace, relativePath: string): Promise<FileState> {
  let bytes: Buffer;
  try {
    ({ bytes } = await workspace.readBinaryFile(relativePath, MAX_TEXT_FILE_BYTES));
  } catch (error) {
    if (error instanceof WorkspaceError && error.code === 'not-found') return { kind: 'absent' };
    if (error instanceof WorkspaceError && UNKEPT_CODES.has(error.code)) {
      return { kind: 'unkept', hash: `unkept:${error.code}`, reason: error.message };
    }
    throw error;
  }
  const hash = createHash('sha256').update(bytes).digest('hex');
  const text = asText(bytes);
  return text === undefined ? { kind: 'unkept', hash, reason: `${relativePath} is binary, not text.` } : { kind: 'file', hash, text };
}

/** The hash a change's after state is kept as; undefined for no file. */
export function stateHash(state: FileState): string | undefined {
  return state.kind === 'absent' ? undefined : state.hash;
}

function asText(bytes: Buffer): string | undefined {
  if (bytes.includes(0)) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Not UTF-8: binary, which a restore cannot write back as text.
    return undefined;
  }
}
