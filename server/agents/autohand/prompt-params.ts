/**
 * The `autohand.prompt` params of a turn (specs/autohand-jsonrpc.md, `autohand.prompt`): the
 * composer's `@` contexts become `context.files`, a `selection` (from a cursor with a range, or a
 * file with lines) and `images` (an attached picture file). Contexts Autohand has no field for
 * are named in the message, so none is silently lost. Paths are absolute: Autohand's working
 * directory may be a folder of the workspace.
 */
import path from 'node:path';
import type { AutohandPromptParams } from '../../../lib/protocol/autohand/requests';
import type { ChatContext } from '../../../lib/protocol/eca-chat';
import type { Workspace } from '../../workspace/workspace';

const IMAGE_TYPES: Record<string, 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp'> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
};
/** Larger pictures are left out (and said so): a prompt line must stay well under the framing's cap. */
const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

type Selection = NonNullable<NonNullable<AutohandPromptParams['context']>['selection']>;

export async function promptParams(message: string, contexts: readonly ChatContext[], workspace: Workspace): Promise<AutohandPromptParams> {
  const files: string[] = [];
  const images: NonNullable<AutohandPromptParams['images']> = [];
  const mentions: string[] = [];
  let selection: Selection | undefined;
  for (const context of contexts) {
    try {
      switch (context.type) {
        case 'file': {
          const absolute = await workspace.resolve(context.path);
          const mimeType = IMAGE_TYPES[path.extname(absolute).toLowerCase()];
          if (mimeType) {
            images.push(await image(workspace, absolute, mimeType));
            break;
          }
          files.push(absolute);
          if (context.linesRange && !selection)
            selection = await linesSelection(workspace, absolute, context.linesRange.start - 1, context.linesRange.end - 1);
          break;
        }
        case 'cursor': {
          const { start, end } = context.position;
          const absolute = await workspace.resolve(context.path);
          // A bare cursor selects nothing; the file is still worth naming.
          if (start.line === end.line && start.character === end.character) files.push(absolute);
          else selection = await linesSelection(workspace, absolute, start.line, end.line);
          break;
        }
        case 'directory':
          mentions.push(`the folder ${context.path}`);
          break;
        case 'web':
          mentions.push(`the web page ${context.url}`);
          break;
        case 'repoMap':
          mentions.push('the layout of the repository');
          break;
        case 'mcpResource':
          mentions.push(`the resource ${context.uri} (${context.name})`);
          break;
        default: {
          const unreachable: never = context;
          return unreachable;
        }
      }
    } catch (error) {
      mentions.push(`${describeContext(context)} (Baton could not attach it: ${error instanceof Error ? error.message : String(error)})`);
    }
  }
  const text = mentions.length > 0 ? `${message}\n\n(Attached as well: ${mentions.join('; ')}.)` : message;
  const context =
    files.length > 0 || selection
      ? { ...(files.length > 0 ? { files: [...new Set(files)] } : {}), ...(selection ? { selection } : {}) }
      : undefined;
  return { message: text, ...(context ? { context } : {}), ...(images.length > 0 ? { images } : {}) };
}

/** `first` and `last` count from 0 and include both ends; the selection's lines count from 1. */
async function linesSelection(workspace: Workspace, file: string, first: number, last: number): Promise<Selection> {
  const from = Math.max(0, Math.min(first, last));
  const to = Math.max(first, last);
  const { content } = await workspace.readTextFile(file, { lineOffset: from, lineLimit: to - from + 1 });
  return { file, startLine: from + 1, endLine: to + 1, text: content };
}

/** Only a regular file of a bounded size, read as every workspace file is (Workspace.readBinaryFile). */
async function image(workspace: Workspace, file: string, mimeType: (typeof IMAGE_TYPES)[string]) {
  const { bytes } = await workspace.readBinaryFile(file, MAX_IMAGE_BYTES);
  return { data: bytes.toString('base64'), mimeType, filename: path.basename(file) };
}

function describeContext(context: ChatContext): string {
  return 'path' in context ? context.path : context.type === 'web' ? context.url : context.type;
}
