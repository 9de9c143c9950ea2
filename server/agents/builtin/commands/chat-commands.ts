/**
 * The built-in agent's `/` commands (specs/eca-protocol-v2.md, "Chat Query Commands"): native
 * ones answered by the agent itself without asking the model (`/costs`, `/repo-map`), and each
 * running MCP server's prompts as `/server:prompt`, expanded through `prompts/get` and sent to the
 * model in place of what the user typed.
 */
import type { ChatCommand } from '../../../../lib/protocol/eca/chat-methods';
import type { Workspace } from '../../../workspace/workspace';
import type { McpPrompt } from '../mcp/mcp-prompts';
import { promptCommand } from '../mcp/mcp-prompts';
import type { McpServerManager } from '../mcp/mcp-server-manager';
import { formatCost, totalTokens } from '../model-catalog';
import type { UsageTally } from '../thread-usage';
import { DEFAULT_TREE_DEPTH, directoryTree } from '../tools/directory-tree';
import { argumentsUsage, bindArguments, type CommandLine } from './command-line';

export interface CommandEnvironment {
  workspace: Workspace;
  mcp?: Pick<McpServerManager, 'listPrompts' | 'getPrompt'>;
  /** The thread's tokens and cost so far. */
  usage: UsageTally;
  signal: AbortSignal;
}

export type CommandOutcome =
  /** Answered by the agent: shown as the assistant's text; the model is not asked. */
  | { type: 'answer'; text: string }
  /** An MCP prompt, expanded: sent to the model as the user's message. */
  | { type: 'prompt'; text: string };

interface NativeCommand {
  command: ChatCommand;
  run(environment: CommandEnvironment): Promise<string>;
}

const NATIVE_COMMANDS: readonly NativeCommand[] = [
  {
    command: {
      name: 'costs',
      description: "Show this thread's tokens and cost so far (counted since the relay started).",
      type: 'native',
      arguments: [],
    },
    run: async ({ usage }) => costsAnswer(usage),
  },
  {
    command: {
      name: 'repo-map',
      description: `Show the workspace's folders and files, ${DEFAULT_TREE_DEPTH} levels deep.`,
      type: 'native',
      arguments: [],
    },
    run: async ({ workspace, signal }) =>
      `The workspace:\n\n\`\`\`\n${await directoryTree(workspace, '.', DEFAULT_TREE_DEPTH, signal)}\n\`\`\``,
  },
];

export async function listCommands(mcp: CommandEnvironment['mcp']): Promise<ChatCommand[]> {
  const prompts = mcp ? await mcp.listPrompts() : [];
  return [...NATIVE_COMMANDS.map((native) => native.command), ...prompts.map(describedPromptCommand)];
}

/**
 * Resolves undefined when `line` names no command (or a prompt of a server that is not running),
 * so the message goes to the model as typed: it may be a path such as `/tmp is full`.
 */
export async function runCommand(line: CommandLine, environment: CommandEnvironment): Promise<CommandOutcome | undefined> {
  const native = NATIVE_COMMANDS.find((candidate) => candidate.command.name === line.name);
  if (native) return { type: 'answer', text: await native.run(environment) };
  if (!line.name.includes(':') || !environment.mcp) return undefined;
  const prompt = (await environment.mcp.listPrompts()).find((candidate) => promptCommand(candidate).name === line.name);
  if (!prompt) return undefined;
  return expandPrompt(prompt, line, environment);
}

async function expandPrompt(prompt: McpPrompt, line: CommandLine, environment: CommandEnvironment): Promise<CommandOutcome> {
  const bound = bindArguments(prompt.arguments, line.argumentsText);
  if (bound.missing.length > 0) {
    return {
      type: 'answer',
      text: `\`/${line.name}\` needs ${bound.missing.map(quoted).join(', ')}. ${argumentsUsage(prompt.arguments)}`,
    };
  }
  const expanded = await (environment.mcp as NonNullable<CommandEnvironment['mcp']>).getPrompt(
    prompt.server,
    prompt.name,
    bound.values,
    environment.signal,
  );
  return { type: 'prompt', text: bound.rest ? `${expanded.text}\n\n${bound.rest}` : expanded.text };
}

function describedPromptCommand(prompt: McpPrompt): ChatCommand {
  const command = promptCommand(prompt);
  const usage = argumentsUsage(prompt.arguments);
  return { ...command, description: [command.description, usage].filter((part) => part !== '').join(' ') };
}

function costsAnswer(usage: UsageTally): string {
  const tokens = totalTokens(usage.tokens);
  if (tokens === 0) return 'No model requests in this thread yet (counted since the relay started).';
  const input = usage.tokens.inputTokens + usage.tokens.cacheWriteTokens + usage.tokens.cacheReadTokens;
  const lines = [
    '**This thread so far** (counted since the relay started):',
    '',
    `- ${count(tokens)} tokens: ${count(input)} in, ${count(usage.tokens.outputTokens)} out`,
  ];
  if (usage.unpricedTokens < tokens) lines.push(`- cost: ${formatCost(usage.cost)}`);
  if (usage.unpricedTokens > 0) {
    const unpriced = count(usage.unpricedTokens);
    lines.push(`- ${unpriced} of the tokens went to a model without a price (such as the offline demo), so they add no cost`);
  }
  return lines.join('\n');
}

function quoted(name: string): string {
  return `\`${name}\``;
}

function count(tokens: number): string {
  return tokens.toLocaleString('en-US');
}
