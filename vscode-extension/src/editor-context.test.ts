import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contextPath, fileContext, selectionContext } from './editor-context';

const root = path.join(path.sep, 'work', 'project');
const file = path.join(root, 'src', 'main.ts');

describe('editor contexts', () => {
  it('names a file inside the workspace by its relative path, one outside by its absolute one', () => {
    expect(fileContext(file, root)).toEqual({ type: 'file', path: 'src/main.ts' });
    const outside = path.join(path.sep, 'work', 'project-other', 'a.ts');
    expect(contextPath(outside, root)).toBe(outside);
    expect(contextPath(file, undefined)).toBe(file);
    expect(contextPath(root, root)).toBe(root);
  });

  it('turns a selection into the file with its 1-based lines', () => {
    const context = selectionContext(file, root, { start: { line: 4, character: 2 }, end: { line: 9, character: 7 } });
    expect(context).toEqual({ type: 'file', path: 'src/main.ts', linesRange: { start: 5, end: 10 } });
  });

  it('leaves out the line where a whole-line selection ends at its first character', () => {
    const context = selectionContext(file, root, { start: { line: 2, character: 0 }, end: { line: 4, character: 0 } });
    expect(context).toEqual({ type: 'file', path: 'src/main.ts', linesRange: { start: 3, end: 4 } });
  });

  it('orders a selection made upwards', () => {
    const context = selectionContext(file, root, { start: { line: 7, character: 3 }, end: { line: 1, character: 5 } });
    expect(context).toEqual({ type: 'file', path: 'src/main.ts', linesRange: { start: 2, end: 8 } });
  });

  it('sends the cursor when nothing is selected', () => {
    const context = selectionContext(file, root, { start: { line: 3, character: 6 }, end: { line: 3, character: 6 } });
    expect(context).toEqual({
      type: 'cursor',
      path: 'src/main.ts',
      position: { start: { line: 3, character: 6 }, end: { line: 3, character: 6 } },
    });
  });
});
