/**
 * The ECA contexts the editor commands hand to Baton's composer (specs/eca-protocol-v2.md,
 * `ChatContext`): the whole file, or the lines of a selection as a `file` context with
 * `linesRange`, or the cursor as a `cursor` context. Kept free of the `vscode` module so it can be
 * tested on its own; the extension maps its editor state into these plain shapes.
 *
 * ECA numbers lines from 1 in `linesRange` (like a human reads them) and keeps the editor's
 * 0-based `line`/`character` in `cursor` positions (as the editor clients send them).
 */
import path from 'node:path';

export interface EditorPoint {
  /** 0-based, as VS Code's Position. */
  line: number;
  /** 0-based, as VS Code's Position. */
  character: number;
}

export interface EditorSelection {
  start: EditorPoint;
  end: EditorPoint;
}

export type FileContext = { type: 'file'; path: string; linesRange?: { start: number; end: number } };
export type CursorContext = { type: 'cursor'; path: string; position: { start: EditorPoint; end: EditorPoint } };
export type EditorContext = FileContext | CursorContext;

/**
 * The path Baton is given: relative to the workspace root when the file is inside it (the
 * composer's chip then reads like the file panel's), absolute otherwise (the relay refuses it
 * if it lies outside the workspace, with its own message).
 */
export function contextPath(filePath: string, workspaceRoot: string | undefined): string {
  if (!workspaceRoot) return filePath;
  const relative = path.relative(workspaceRoot, filePath);
  const inside = relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
  return inside ? relative.split(path.sep).join('/') : filePath;
}

export function fileContext(filePath: string, workspaceRoot: string | undefined): FileContext {
  return { type: 'file', path: contextPath(filePath, workspaceRoot) };
}

/**
 * A selection becomes the file with the selected lines. A selection that ends at the very start
 * of a line (a whole-line selection made with Shift+Down) does not include that line. An empty
 * selection is the cursor.
 */
export function selectionContext(filePath: string, workspaceRoot: string | undefined, selection: EditorSelection): EditorContext {
  const pathInContext = contextPath(filePath, workspaceRoot);
  const [start, end] = ordered(selection.start, selection.end);
  if (start.line === end.line && start.character === end.character) {
    return { type: 'cursor', path: pathInContext, position: { start: { ...start }, end: { ...end } } };
  }
  const lastLine = end.character === 0 && end.line > start.line ? end.line - 1 : end.line;
  return { type: 'file', path: pathInContext, linesRange: { start: start.line + 1, end: lastLine + 1 } };
}

function ordered(a: EditorPoint, b: EditorPoint): [EditorPoint, EditorPoint] {
  const aFirst = a.line < b.line || (a.line === b.line && a.character <= b.character);
  return aFirst ? [a, b] : [b, a];
}
