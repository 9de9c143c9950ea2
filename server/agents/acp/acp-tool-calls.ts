/**
 * What Baton knows of each ACP tool call of a turn (`tool_call` and its `tool_call_update`s merge
 * into one state: https://agentclientprotocol.com/protocol/tool-calls), and how that state reads
 * as an ECA tool call: its name is the ACP `kind` (what a `toolApproval` rule names, e.g.
 * `execute` or `edit`), its summary the agent's title, its arguments the agent's raw input, and
 * its `fileChange` details the first diff it carries.
 */
import path from 'node:path';
import type { FileChangeDetails } from '../../../lib/protocol/eca-chat';
import type { ToolCallBoundary } from '../../../lib/protocol/thread-review';
import type { AcpToolCallContent, AcpToolCallFields } from '../../../lib/protocol/acp/session-update';
import type { GatedToolCall } from '../external/permission-gate';
import { fileChangeDetails } from '../../workspace/file-change';

/** How far the card has got: each step is emitted once, in order. */
export type ToolCallStage = 'none' | 'prepared' | 'run' | 'running' | 'done' | 'rejected';

export interface ToolCallState {
  id: string;
  title?: string;
  kind?: string;
  status?: 'pending' | 'in_progress' | 'completed' | 'failed';
  content: AcpToolCallContent[];
  locations: string[];
  rawInput?: unknown;
  rawOutput?: unknown;
  stage: ToolCallStage;
  /** A change Baton itself made for this call (`fs/write_text_file`), when the agent sent no diff. */
  written?: FileChangeDetails;
  /** True once the relay's rules or the user approved it: its file writes and terminals need no new question. */
  approved: boolean;
  /** The OS boundary of the Baton terminal it shows, once known. */
  boundary?: ToolCallBoundary;
  startedAt: number;
}

/** Kinds that only look: the rules' default lets them run without asking. */
const READ_ONLY_KINDS = new Set(['read', 'search', 'think']);

export function newToolCallState(id: string): ToolCallState {
  return { id, content: [], locations: [], stage: 'none', approved: false, startedAt: performance.now() };
}

/** Merges what an update says into the state; absent fields keep their value (ACP: "only the changed fields"). */
export function mergeToolCall(state: ToolCallState, fields: Partial<AcpToolCallFields>): void {
  if (fields.title) state.title = fields.title;
  if (fields.kind) state.kind = fields.kind;
  if (fields.status) state.status = fields.status;
  if (fields.content) state.content = fields.content.filter((item) => item !== null);
  if (fields.locations) state.locations = fields.locations.flatMap((location) => (location ? [location.path] : []));
  if (fields.rawInput !== undefined && fields.rawInput !== null) state.rawInput = fields.rawInput;
  if (fields.rawOutput !== undefined && fields.rawOutput !== null) state.rawOutput = fields.rawOutput;
}

export function isReadOnly(state: ToolCallState): boolean {
  return state.kind !== undefined && READ_ONLY_KINDS.has(state.kind);
}

export function toolCallArguments(state: ToolCallState): Record<string, unknown> {
  const input = state.rawInput;
  if (typeof input === 'object' && input !== null && !Array.isArray(input)) return input as Record<string, unknown>;
  return input === undefined ? {} : { input };
}

/** The call as every ECA content about it names it. */
export function toolCallIdentity(state: ToolCallState, server: string, workspaceRoot: string): GatedToolCall {
  const details = diffDetails(state, workspaceRoot) ?? state.written;
  return {
    origin: 'native',
    id: state.id,
    name: state.kind ?? 'other',
    server,
    ...(state.title ? { summary: state.title } : {}),
    ...(details ? { details } : {}),
    arguments: toolCallArguments(state),
  };
}

/** The ECA `fileChange` details of the first diff the call carries, computed from oldText and newText. */
export function diffDetails(state: ToolCallState, workspaceRoot: string): FileChangeDetails | undefined {
  const diff = state.content.find((item) => item.type === 'diff' && item.path && typeof item.newText === 'string');
  if (!diff?.path) return undefined;
  return fileChangeDetails(displayPath(diff.path, workspaceRoot), diff.oldText ?? undefined, diff.newText ?? '');
}

/** A path inside the workspace as the workspace-relative form the UI shows; any other as it is. */
export function displayPath(filePath: string, workspaceRoot: string): string {
  const relative = path.relative(workspaceRoot, path.resolve(workspaceRoot, filePath));
  return relative === '' || relative.startsWith('..') || path.isAbsolute(relative) ? filePath : relative.split(path.sep).join('/');
}
