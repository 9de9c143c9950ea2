/** The built-in agent's native tools, in the order the model sees them. */
import type { BuiltinTool } from './builtin-tool';
import { directoryTreeTool } from './directory-tree';
import { editFileTool } from './edit-file';
import { globTool } from './glob';
import { grepTool } from './grep';
import { moveFileTool } from './move-file';
import { readFileTool } from './read-file';
import { shellCommandTool } from './shell-command';
import { writeFileTool } from './write-file';

export const BUILTIN_TOOLS: readonly BuiltinTool[] = [
  readFileTool,
  directoryTreeTool,
  grepTool,
  globTool,
  writeFileTool,
  editFileTool,
  moveFileTool,
  shellCommandTool,
];

export function findBuiltinTool(name: string): BuiltinTool | undefined {
  return BUILTIN_TOOLS.find((tool) => tool.name === name);
}
