/** The built-in agent's native tools, in the order the model sees them. */
import type { BuiltinTool } from './builtin-tool';
import { editFileTool } from './edit-file';
import { readFileTool } from './read-file';
import { writeFileTool } from './write-file';

export const BUILTIN_TOOLS: readonly BuiltinTool[] = [readFileTool, writeFileTool, editFileTool];

export function findBuiltinTool(name: string): BuiltinTool | undefined {
  return BUILTIN_TOOLS.find((tool) => tool.name === name);
}
