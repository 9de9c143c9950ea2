/**
 * Autohand's notifications as ECA chat contents (specs/autohand-jsonrpc.md, "Server
 * Notifications", and specs/autohand-observed.md): streamed text and reasoning, tool calls with
 * their live output, file changes, usage, errors and hooks. The one place where the two
 * protocols meet; the turn (autohand-turn.ts) decides when, this file decides what.
 */
import type { AutohandPermissionRequestParams, AutohandTurnEndParams } from '../../../lib/protocol/autohand/notifications';
import type { AutohandFileChange } from '../../../lib/protocol/autohand/notifications';
import type { ApprovalOption } from '../../../lib/protocol/agents';
import type { ChatContentInput, FileChangeDetails } from '../../../lib/protocol/eca-chat';
import { fileChangeDetails } from '../../workspace/file-change';
import type { GatedToolCall, PermissionOutcome } from '../external/permission-gate';
import type { AutohandNotification } from './autohand-process';

/** The ECA `server` of every Autohand tool: Autohand runs them itself. */
export const AUTOHAND_TOOL_SERVER = 'autohand';

export function toolIdentity(id: string, name: string) {
  return { origin: 'native', id, name, server: AUTOHAND_TOOL_SERVER } as const;
}

/** The observed build puts the tool's name in `args.type`; it says nothing the card does not. */
export function toolArguments(args: Record<string, unknown> | null | undefined): Record<string, unknown> {
  const { type: _type, ...rest } = args ?? {};
  return rest;
}

type ToolEnd = Extract<AutohandNotification, { method: 'autohand.toolEnd' }>['params'];

/** A finished tool: its output, or its error (with the output before it, when there was some). */
export function toolCalledContent(call: GatedToolCall, end: ToolEnd, totalTimeMs: number): ChatContentInput {
  const text = end.success ? (end.output ?? '') : [end.output, end.error ?? 'The tool failed.'].filter(Boolean).join('\n');
  return {
    type: 'toolCalled',
    ...toolIdentity(call.id, call.name),
    summary: call.summary,
    arguments: call.arguments,
    error: !end.success,
    outputs: [{ type: 'text', text }],
    totalTimeMs,
  };
}

/** A permission request as the call the relay's rules judge and the card shows. */
export function permissionCall(request: AutohandPermissionRequestParams, id: string): GatedToolCall {
  const context = request.context ?? {};
  const args: Record<string, unknown> = { ...toolArguments(context.args) };
  if (context.path) args.path = context.path;
  if (context.command) args.command = context.command;
  return { ...toolIdentity(id, request.tool), summary: request.description, arguments: args };
}

/** The observed build's `options` as the card's buttons; `alternative` needs text, so it is not offered. */
const OPTION_LABELS: Record<string, { name: string; kind: ApprovalOption['kind'] }> = {
  allow_once: { name: 'Allow once', kind: 'allow_once' },
  allow_session: { name: 'Allow for this session', kind: 'allow_always' },
  allow_always_project: { name: 'Always allow in this project', kind: 'allow_always' },
  allow_always_user: { name: 'Always allow, every project', kind: 'allow_always' },
  deny_once: { name: 'Deny', kind: 'reject_once' },
  deny_session: { name: 'Deny for this session', kind: 'reject_always' },
  deny_always_project: { name: 'Always deny in this project', kind: 'reject_always' },
  deny_always_user: { name: 'Always deny, every project', kind: 'reject_always' },
};

export function approvalOptions(options: readonly string[] | null | undefined): ApprovalOption[] | undefined {
  if (!options) return undefined;
  const known = options.flatMap((optionId) => {
    const label = OPTION_LABELS[optionId];
    return label ? [{ optionId, ...label }] : [];
  });
  return known.length > 0 ? known : undefined;
}

/**
 * What `permissionResponse` says: `allowed` always (the reference), and for a build that sent
 * `options`, the `decision` among them: the option picked on the card, else the one meaning the
 * same as the decision (a config rule's, or Approve / Reject on a card without options).
 */
export function permissionAnswer(request: AutohandPermissionRequestParams, outcome: PermissionOutcome) {
  const allowed = outcome.decision !== 'rejected';
  const offered = request.options ?? [];
  if (offered.length === 0) return { requestId: request.requestId, allowed };
  const preference =
    outcome.decision === 'rejected'
      ? ['deny_once']
      : outcome.decision === 'approved-for-session'
        ? ['allow_session', 'allow_once']
        : ['allow_once'];
  const decision =
    outcome.optionId && offered.includes(outcome.optionId) ? outcome.optionId : preference.find((option) => offered.includes(option));
  return decision ? { requestId: request.requestId, allowed, decision } : { requestId: request.requestId, allowed };
}

/** A proposed change as the card's diff; a created file is diffed from nothing, a deleted one to nothing. */
export function changeDetails(change: AutohandFileChange): FileChangeDetails {
  const before = change.changeType === 'create' ? undefined : (change.originalContent ?? '');
  const after = change.changeType === 'delete' ? '' : (change.proposedContent ?? '');
  return fileChangeDetails(change.filePath, before, after);
}

/** A proposed change as the call the relay's rules judge (by Autohand's tool name, else write_file) and the card shows. */
export function changeCall(batchId: string, change: AutohandFileChange): GatedToolCall {
  const verb = { create: 'Create', modify: 'Change', delete: 'Delete' }[change.changeType];
  const description = change.description ? `: ${change.description}` : '';
  return {
    ...toolIdentity(`${batchId}/${change.id}`, change.toolName || 'write_file'),
    summary: `${verb} ${change.filePath}${description}`,
    details: changeDetails(change),
    arguments: { path: change.filePath, changeType: change.changeType },
  };
}

/** `turnEnd`'s tokens: nested in `stats` (reference) or flat (observed); none when the build says they are unavailable. */
export function turnTokens(params: AutohandTurnEndParams): number | undefined {
  if (params.tokensUsageStatus === 'unavailable') return undefined;
  return params.stats?.tokensUsed ?? params.tokensUsed ?? undefined;
}

export function usageContent(sessionTokens: number): ChatContentInput {
  return { type: 'usage', sessionTokens };
}

export function errorText(params: { code: number; message: string }): string {
  return `\n\n**Autohand error:** ${params.message} (code ${params.code})\n\n`;
}

type HookNotification = Extract<AutohandNotification, { method: `autohand.hook.${string}` }>;

/**
 * A hook as a line of the thread's activity, or undefined for hooks that repeat what the tool
 * cards already show (preTool, postTool) or only matter to Autohand's own integrations; those are logged.
 */
export function hookNote(hook: HookNotification): string | undefined {
  switch (hook.method) {
    case 'autohand.hook.fileModified':
      return `Autohand ${{ create: 'created', modify: 'modified', delete: 'deleted' }[hook.params.changeType]} ${hook.params.filePath}.`;
    case 'autohand.hook.sessionError':
      return `Autohand reported a session error: ${hook.params.error}${hook.params.code ? ` (${hook.params.code})` : ''}.`;
    // `stop` comes whenever Autohand finishes answering: a note at every turn's end would be noise.
    case 'autohand.hook.stop':
    case 'autohand.hook.preTool':
    case 'autohand.hook.postTool':
    case 'autohand.hook.prePrompt':
    case 'autohand.hook.postResponse':
    case 'autohand.hook.sessionStart':
    case 'autohand.hook.sessionEnd':
    case 'autohand.hook.permissionRequest':
      return undefined;
    default: {
      const unreachable: never = hook;
      return unreachable;
    }
  }
}
