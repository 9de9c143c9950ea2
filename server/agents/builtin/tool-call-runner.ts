/**
 * One tool call of the built-in agent, from the model's finished tool_use block to the tool_result
 * it gets back, reported as ECA tool call contents (specs/eca-protocol-v2.md, "Chat content
 * received"): toolCallRun, then (after approval, when needed) toolCallRunning and toolCalled, or
 * toolCallRejected. A call that cannot even be prepared is reported as a failed toolCalled.
 */
import type Anthropic from '@anthropic-ai/sdk';
import type { AgentTurn } from '../agent-backend';
import { isRecord, REJECTED_TOOL_RESULT, toolResultBlock } from './anthropic-mapper';
import { type PreparedToolCall, ToolInputError, type ToolContext } from './tools/builtin-tool';
import { BUILTIN_TOOLS, findBuiltinTool } from './tools/builtin-tools';

/** The ECA `server` of native tools: the built-in agent itself. */
export const BUILTIN_TOOL_SERVER = 'builtin';

export interface ToolCallRun {
  turn: AgentTurn;
  /** The turn's signal (Stop, or the agent closing). */
  signal: AbortSignal;
  context: ToolContext;
}

/** Resolves to the tool_result for the model, or undefined when the turn was stopped meanwhile. */
export async function runToolCall(
  toolUse: Anthropic.ToolUseBlock,
  { turn, signal, context }: ToolCallRun,
): Promise<Anthropic.ToolResultBlockParam | undefined> {
  const identity = { origin: 'native', id: toolUse.id, name: toolUse.name, server: BUILTIN_TOOL_SERVER } as const;
  const args = isRecord(toolUse.input) ? toolUse.input : {};
  const tool = findBuiltinTool(toolUse.name);

  let prepared: PreparedToolCall;
  try {
    if (!tool) {
      const known = BUILTIN_TOOLS.map((candidate) => candidate.name).join(', ');
      throw new ToolInputError(`There is no tool named ${toolUse.name}; the tools are ${known}.`);
    }
    prepared = await tool.prepare(toolUse.input, context);
  } catch (error) {
    // Bad input or a refused path is the model's mistake to correct, not a failed turn.
    const text = errorText(error);
    await turn.emit({ type: 'toolCalled', ...identity, arguments: args, error: true, outputs: [{ type: 'text', text }] });
    return toolResultBlock(toolUse.id, text, true);
  }

  const described = { ...identity, summary: prepared.summary, details: prepared.details };
  await turn.emit({ type: 'toolCallRun', ...described, arguments: args, manualApproval: tool.manualApproval });
  if (tool.manualApproval) {
    const decision = await untilAborted(turn.awaitApproval(toolUse.id), signal);
    if (decision === undefined) return undefined;
    if (decision === 'rejected') {
      await turn.emit({ type: 'toolCallRejected', ...described, arguments: args, reason: 'user-choice' });
      return toolResultBlock(toolUse.id, REJECTED_TOOL_RESULT, true);
    }
  }
  if (signal.aborted) return undefined;

  await turn.emit({ type: 'toolCallRunning', ...described, arguments: args });
  const started = performance.now();
  let text: string;
  let failed = false;
  try {
    text = await prepared.execute();
  } catch (error) {
    text = errorText(error);
    failed = true;
  }
  await turn.emit({
    type: 'toolCalled',
    ...described,
    arguments: args,
    error: failed,
    outputs: [{ type: 'text', text }],
    totalTimeMs: Math.round(performance.now() - started),
  });
  return toolResultBlock(toolUse.id, text, failed);
}

/** Waits for `promise`, or resolves undefined as soon as `signal` aborts (Stop cancels what waits). */
async function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T | undefined> {
  if (signal.aborted) return undefined;
  let onAbort: () => void = () => undefined;
  const aborted = new Promise<undefined>((resolve) => {
    onAbort = () => resolve(undefined);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([promise, aborted]);
  } catch (error) {
    // The hub may reject a pending approval when it stops the turn; that is a stop, not a failure.
    if (signal.aborted) return undefined;
    throw error;
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
