/**
 * Test support for the tools: a real temporary workspace, and a way to prepare and run a call as
 * the runner would (without the model), collecting what the call streams.
 */
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Workspace } from '../../../../workspace/workspace';
import type { BuiltinTool, PreparedToolCall, ToolContext } from '../builtin-tool';
import { pickCommandEnvironment } from '../../../../process/command-environment';
import { CommandSandbox } from '../../../../process/command-sandbox';

export interface TestWorkspace {
  /** The folder holding the workspace, for files that must be outside it. */
  base: string;
  root: string;
  context: ToolContext;
  write(relative: string, content: string | Buffer): Promise<void>;
  remove(): Promise<void>;
}

export async function createTestWorkspace(prefix: string): Promise<TestWorkspace> {
  const base = await realpath(await mkdtemp(path.join(tmpdir(), prefix)));
  const root = path.join(base, 'ws');
  await mkdir(root);
  return {
    base,
    root,
    context: {
      workspace: new Workspace(root),
      shellEnvironment: pickCommandEnvironment(process.env),
      commandSandbox: CommandSandbox.none(),
    },
    async write(relative, content) {
      await mkdir(path.dirname(path.join(root, relative)), { recursive: true });
      await writeFile(path.join(root, relative), content);
    },
    remove: () => rm(base, { recursive: true, force: true }),
  };
}

export interface ToolCallResult {
  prepared: PreparedToolCall;
  text: string;
  failed: boolean;
  streamed: string[];
}

/** Prepares and runs one call; a failure of `prepare` rejects, a failure of `execute` is reported. */
export async function callTool(
  tool: BuiltinTool,
  input: Record<string, unknown>,
  context: ToolContext,
  signal: AbortSignal = new AbortController().signal,
): Promise<ToolCallResult> {
  const prepared = await tool.prepare(input, context);
  const streamed: string[] = [];
  try {
    const text = await prepared.execute({ signal, reportOutput: (chunk) => streamed.push(chunk) });
    return { prepared, text, failed: false, streamed };
  } catch (error) {
    return { prepared, text: (error as Error).message, failed: true, streamed };
  }
}
