/**
 * The contexts a prompt carries (`@` in the composer; specs/eca-protocol-v2.md, "Chat Prompt",
 * ChatContext) resolved into text for the model: each one a `<context …>` block, all of them
 * before the user's own text in the same user message. Only the model's request gets them; the
 * thread records what the user typed. A context that cannot be resolved becomes a one-line note
 * in its block rather than failing the turn; contexts that expand to more than the limit of one
 * prompt (prompt-limits.ts) fail it with a reason that names the limit.
 */
import type { ChatContext } from '../../../lib/protocol/eca-chat';
import type { Workspace } from '../../workspace/workspace';
import { ContextsTooLargeError, MAX_CONTEXTS_CHARACTERS } from '../prompt-limits';
import type { McpServerManager } from './mcp/mcp-server-manager';
import { type ApprovalPolicy, describeRule } from '../../guard/approval-policy';
import { DEFAULT_TREE_DEPTH, directoryTree } from './tools/directory-tree';

export interface ContextSources {
  workspace: Workspace;
  /** Where `mcpResource` contexts are read; such contexts get a note when absent. */
  mcp?: Pick<McpServerManager, 'readResource'>;
  signal: AbortSignal;
  /**
   * The approval rules: a file a `deny` rule about reading covers is not attached (deny wins,
   * always). An `ask` rule is answered by the user attaching the file themselves.
   */
  policy?: ApprovalPolicy;
}

/** Lines shown before and after the cursor (or selection). */
export const CURSOR_SURROUNDING_LINES = 5;
/** A context longer than this is cut: one attached file must not crowd out the conversation. */
export const MAX_CONTEXT_CHARACTERS = 100_000;

/** How contexts appear to the rules: no rule names them, so every rule about reading a path applies. */
const ATTACHING = '@context';

export const WEB_CONTEXT_NOTE =
  'Baton does not fetch web pages, so only the address is given. Ask the user to paste the parts that matter if you need them.';

/** The text block that goes before the user's text, or undefined when there are no contexts. */
export async function contextsPrompt(contexts: readonly ChatContext[], sources: ContextSources): Promise<string | undefined> {
  if (contexts.length === 0) return undefined;
  const blocks: string[] = [];
  let characters = 0;
  for (const context of contexts) {
    const block = await contextBlock(context, sources);
    // Checked as each one is expanded, so that what is held never grows far beyond the limit.
    characters += block.length;
    if (characters > MAX_CONTEXTS_CHARACTERS) throw new ContextsTooLargeError();
    blocks.push(block);
  }
  return ['The user attached these contexts to the message that follows them.', ...blocks].join('\n\n');
}

async function contextBlock(context: ChatContext, sources: ContextSources): Promise<string> {
  const attributes = contextAttributes(context);
  let body: string;
  try {
    body = cut(await contextBody(context, sources));
  } catch (error) {
    body = `(Could not be included: ${error instanceof Error ? error.message : String(error)})`;
  }
  return `<context ${attributes}>\n${body.replace(/\n$/, '')}\n</context>`;
}

function contextAttributes(context: ChatContext): string {
  const pairs: Array<[string, string]> = [['type', context.type]];
  switch (context.type) {
    case 'file':
      pairs.push(['path', context.path]);
      if (context.linesRange) pairs.push(['lines', `${context.linesRange.start}-${context.linesRange.end}`]);
      break;
    case 'directory':
    case 'cursor':
      pairs.push(['path', context.path]);
      break;
    case 'web':
      pairs.push(['url', context.url]);
      break;
    case 'mcpResource':
      pairs.push(['server', context.server], ['uri', context.uri], ['name', context.name]);
      if (context.mimeType) pairs.push(['mimeType', context.mimeType]);
      break;
    case 'repoMap':
      break;
    default: {
      const unreachable: never = context;
      return unreachable;
    }
  }
  return pairs.map(([name, value]) => `${name}="${value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`).join(' ');
}

async function contextBody(context: ChatContext, { workspace, mcp, signal, policy }: ContextSources): Promise<string> {
  if ((context.type === 'file' || context.type === 'cursor') && policy) {
    const guard = policy.readGuard(await workspace.relativePath(context.path), ATTACHING);
    if (guard?.rule.decision === 'deny') throw new Error(`your rule "${describeRule(guard.rule)}" refuses reading it`);
  }
  switch (context.type) {
    case 'file':
      return fileBody(workspace, context.path, context.linesRange);
    case 'directory':
      return directoryTree(workspace, await workspace.relativePath(context.path), 1, signal);
    case 'repoMap':
      return directoryTree(workspace, '.', DEFAULT_TREE_DEPTH, signal);
    case 'cursor':
      return cursorBody(workspace, context);
    case 'mcpResource':
      if (!mcp) throw new Error('no MCP servers are configured');
      return mcp.readResource(context.server, context.uri, signal);
    case 'web':
      return WEB_CONTEXT_NOTE;
    default: {
      const unreachable: never = context;
      return unreachable;
    }
  }
}

/** `linesRange` counts from 1 and includes both ends (ECA's LinesRange). */
async function fileBody(workspace: Workspace, path: string, range: { start: number; end: number } | undefined) {
  if (!range) return (await workspace.readTextFile(path)).content;
  const start = Math.max(1, Math.min(range.start, range.end));
  const end = Math.max(range.start, range.end);
  const { content } = await workspace.readTextFile(path, { lineOffset: start - 1, lineLimit: end - start + 1 });
  return content === '' ? `(The file has no lines ${start}-${end}.)` : content;
}

/**
 * Where the cursor is, and the lines around it numbered, with `>` marking the cursor's lines.
 * ECA's editor positions count lines and characters from 0 (as LSP does); the text counts from 1.
 */
async function cursorBody(workspace: Workspace, context: Extract<ChatContext, { type: 'cursor' }>): Promise<string> {
  const { start, end } = context.position;
  const at = (position: { line: number; character: number }) => `line ${position.line + 1}, column ${position.character + 1}`;
  const where =
    start.line === end.line && start.character === end.character
      ? `The cursor is at ${at(start)}.`
      : `The selection runs from ${at(start)} to ${at(end)}.`;
  const lines = (await workspace.readTextFile(context.path)).content.split('\n');
  const first = Math.max(0, start.line - CURSOR_SURROUNDING_LINES);
  const last = Math.min(lines.length - 1, end.line + CURSOR_SURROUNDING_LINES);
  const width = String(last + 1).length;
  const shown: string[] = [];
  for (let line = first; line <= last; line += 1) {
    const marker = line >= start.line && line <= end.line ? '>' : ' ';
    shown.push(`${marker} ${String(line + 1).padStart(width)} | ${lines[line] ?? ''}`);
  }
  return [where, ...shown].join('\n');
}

function cut(text: string): string {
  if (text.length <= MAX_CONTEXT_CHARACTERS) return text;
  return `${text.slice(0, MAX_CONTEXT_CHARACTERS)}\n(Cut at ${MAX_CONTEXT_CHARACTERS} characters.)`;
}
