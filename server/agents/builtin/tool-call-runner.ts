/**
 * One tool call of the built-in agent, from the model's finished tool_use block to the tool_result
 * it gets back, reported as ECA tool call contents (specs/eca-protocol-v2.md, "Chat content
 * received"): toolCallRun, then (after approval, when asked) toolCallRunning, repeated with
 * Baton's `outputChunk` while a command prints, and toolCalled; or toolCallRejected, with reason
 * 'user-choice' when the user said no and 'user-config' when the approval policy refuses the call.
 * A call that cannot even be prepared is reported as a failed toolCalled.
 */
import type Anthropic from '@anthropic-ai/sdk';
import { MAX_JSON_DEPTH, measureJsonValue } from '../../../lib/json/json-bounds';
import type { FileReadContent } from '../../../lib/protocol/eca/chat-content';
import { callCommands } from '../../guard/call-commands';
import { commandPaths } from '../../guard/command-paths';
import { sandboxChoiceFor } from '../../guard/sandbox-choice';
import type { AgentTurn } from '../agent-backend';
import { CONFIG_REJECTED_TOOL_RESULT, isRecord, REJECTED_TOOL_RESULT, toolResultBlock } from './anthropic-mapper';
import { type ApprovalPolicy, type ApprovalVerdict, describeRule } from '../../guard/approval-policy';
import { autoApprovalOf } from '../../guard/auto-approval';
import { type JudgedPath, judgedPaths } from '../../guard/path-arguments';
import type { SessionApprovals } from '../../guard/session-approvals';
import { ToolOutputStream } from '../tool-output-stream';
import type { BuiltinTool, PreparedToolCall, ToolContext } from './tools/builtin-tool';

/** The ECA `server` of native tools: the built-in agent itself. */
export const BUILTIN_TOOL_SERVER = 'builtin';

export interface ToolCallRun {
  turn: AgentTurn;
  /** The turn's signal (Stop, or the agent closing). */
  signal: AbortSignal;
  context: ToolContext;
  /** The tools this turn offers the model: all of them, or only those that read in plan. */
  tools: readonly BuiltinTool[];
  policy: ApprovalPolicy;
  sessionApprovals: SessionApprovals;
}

/** How a call appears in every content about it. */
export function toolCallIdentity(id: string, name: string, tool: BuiltinTool | undefined) {
  return { origin: tool?.origin ?? 'native', id, name, server: tool?.server ?? BUILTIN_TOOL_SERVER } as const;
}

/** Resolves to the tool_result for the model, or undefined when the turn was stopped meanwhile. */
export async function runToolCall(
  toolUse: Anthropic.ToolUseBlock,
  { turn, signal, context, tools, policy, sessionApprovals }: ToolCallRun,
): Promise<Anthropic.ToolResultBlockParam | undefined> {
  const tool = tools.find((candidate) => candidate.name === toolUse.name);
  const identity = toolCallIdentity(toolUse.id, toolUse.name, tool);
  // Arguments nested deeper than any tool takes are neither run nor kept: the thread's record,
  // its store and every tab recurse into what a call's arguments hold.
  const tooDeep = measureJsonValue(toolUse.input).over === 'depth';
  const args = !tooDeep && isRecord(toolUse.input) ? toolUse.input : {};
  const fail = async (text: string) => {
    await turn.emit({ type: 'toolCalled', ...identity, arguments: args, error: true, outputs: [{ type: 'text', text }] });
    return toolResultBlock(toolUse.id, text, true);
  };

  if (tooDeep) return fail(`The arguments are nested deeper than ${MAX_JSON_DEPTH} levels of arrays and objects; the call was not run.`);
  if (!tool) return fail(unknownToolText(toolUse.name, tools, turn.behavior));
  let paths: JudgedPath[];
  try {
    // Rules judge where a path really leads; one that leaves the workspace fails the call here.
    paths = await judgedPaths(tool.name, args, (path) => context.workspace.relativePath(path));
  } catch (error) {
    return fail(errorText(error));
  }
  // Judged by what it runs: the command line parsed, whatever the tool's name, and the files it names.
  const commands = await callCommands({ name: tool.name, arguments: args });
  if (commands) {
    const touched = await commandPaths(commands, context.workspace);
    if (touched.refusal) return fail(`Refused: ${touched.refusal}.`);
    paths = [...paths, ...touched.paths];
  }
  const verdict = policy.decide({ name: tool.name, arguments: args, readOnly: tool.readOnly, paths, commands });
  if (verdict.decision === 'deny') {
    await turn.emit({ type: 'toolCallRejected', ...identity, arguments: args, reason: 'user-config' });
    return toolResultBlock(toolUse.id, deniedText(verdict), true);
  }

  let prepared: PreparedToolCall | undefined;
  try {
    // The rule that decided the call may take its command out of the sandbox or give it the network.
    const sandboxChoice = sandboxChoiceFor(verdict, context.commandSandbox.defaults());
    prepared = await untilAborted(tool.prepare(toolUse.input, { ...context, sandboxChoice }), signal);
  } catch (error) {
    // Bad input or a refused path is the model's mistake to correct, not a failed turn.
    return fail(errorText(error));
  }
  if (prepared === undefined) return undefined;

  const sessionApproved = verdict.decision === 'ask' && !verdict.alwaysAsks && sessionApprovals.has(turn.threadId, tool.name);
  const askUser = verdict.decision === 'ask' && !sessionApproved;
  const summary = prepared.summary + decisionNote(verdict, tool, sessionApproved);
  let described = { ...identity, summary, details: prepared.details, ...(prepared.boundary ? { boundary: prepared.boundary } : {}) };
  const autoApproved = askUser ? {} : sessionApproved ? { autoApproved: 'session' as const } : autoApprovalOf(verdict, policy);
  await turn.emit({ type: 'toolCallRun', ...described, arguments: args, manualApproval: askUser, ...autoApproved });
  if (askUser) {
    const answer = await untilAborted(turn.awaitApproval(toolUse.id), signal);
    if (answer === undefined) return undefined;
    const { decision } = answer;
    if (decision === 'rejected') {
      await turn.emit({ type: 'toolCallRejected', ...described, arguments: args, reason: 'user-choice' });
      return toolResultBlock(toolUse.id, REJECTED_TOOL_RESULT, true);
    }
    if (decision === 'approved-for-session') {
      sessionApprovals.remember(turn.threadId, tool.name);
      described = { ...described, summary: prepared.summary + APPROVED_FOR_SESSION_NOTE };
    }
  }
  if (signal.aborted) return undefined;

  await turn.emit({ type: 'toolCallRunning', ...described, arguments: args });
  const output = new ToolOutputStream({
    emitChunk: (outputChunk) => turn.emit({ type: 'toolCallRunning', ...described, arguments: args, outputChunk }),
  });
  const started = performance.now();
  let text: string | undefined;
  let failed = false;
  const reads: FileReadContent[] = [];
  try {
    const reportRead = (read: Omit<FileReadContent, 'type' | 'toolCallId'>) =>
      reads.push({ type: 'fileRead', ...read, toolCallId: toolUse.id });
    // Stopped since the approval (while the call was announced, or its files looked at): the
    // call never begins, and nothing is written.
    const execute = async (): Promise<string | undefined> =>
      signal.aborted ? undefined : prepared.execute({ signal, reportOutput: (chunk) => output.push(chunk), reportRead });
    const touches = prepared.touches ?? [];
    const run = touches.length > 0 && turn.trackFileChanges ? turn.trackFileChanges(touches, execute, toolUse.id) : execute();
    // A change of workspace files is written whole (a temporary file renamed over it) and ends in
    // a moment: once begun, Stop lets it end and the card says what it did, rather than leave a
    // file written that the thread says was not. Anything else ends its turn at Stop whatever it
    // does; the turn's thread is held until it settles (AgentTurn.leaveRunning).
    text = touches.length > 0 ? await run : await untilAborted(run, signal);
    if (text === undefined && signal.aborted) turn.leaveRunning?.(run);
  } catch (error) {
    text = errorText(error);
    failed = true;
  } finally {
    // What was printed is recorded even when the turn stops, so the card keeps it.
    await output.close();
  }
  if (text === undefined) return undefined;
  await turn.emit({
    type: 'toolCalled',
    ...described,
    arguments: args,
    error: failed,
    outputs: [{ type: 'text', text }],
    totalTimeMs: Math.round(performance.now() - started),
  });
  // After the call's card: the review reads "called read_file", then "read this file, version N".
  if (!failed) for (const read of reads) await turn.emit(read);
  if (signal.aborted) return undefined;
  return toolResultBlock(toolUse.id, text, failed);
}

/** Said on the card of a call that changes something yet ran without a question, so the user knows why. */
export const APPROVED_FOR_SESSION_NOTE = ' (approved for this session)';
export const ALLOWED_BY_CONFIG_NOTE = ' (allowed by your config)';

/** What the card adds to the summary: why this call asks though it might not, or why it did not ask. */
function decisionNote(verdict: ApprovalVerdict, tool: BuiltinTool, sessionApproved: boolean): string {
  if (verdict.alwaysAsks) return ` (${verdict.alwaysAsks})`;
  if (sessionApproved) return APPROVED_FOR_SESSION_NOTE;
  return verdict.decision === 'allow' && verdict.rule && !tool.readOnly ? ALLOWED_BY_CONFIG_NOTE : '';
}

function unknownToolText(name: string, tools: readonly BuiltinTool[], behavior: AgentTurn['behavior']): string {
  const known = tools.map((candidate) => candidate.name).join(', ');
  if (behavior === 'plan') {
    return `There is no tool named ${name} in plan mode, which offers only tools that read; the tools are ${known}.`;
  }
  return `There is no tool named ${name}; the tools are ${known}.`;
}

function deniedText(verdict: ApprovalVerdict): string {
  if (!verdict.rule) return CONFIG_REJECTED_TOOL_RESULT;
  return `${CONFIG_REJECTED_TOOL_RESULT} The rule: ${describeRule(verdict.rule.rule)}.`;
}

/**
 * Waits for `promise`, or resolves undefined as soon as `signal` aborts (Stop cancels what waits).
 * What the promise comes to after that is of no use to anyone: a call left behind by Stop fails
 * because of the stop, so its late rejection is expected and dropped here rather than left unhandled.
 */
async function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T | undefined> {
  promise.catch(() => undefined);
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
