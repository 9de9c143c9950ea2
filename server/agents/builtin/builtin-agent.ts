/**
 * Baton's own agent: the Anthropic Messages API, streamed through the real SDK, with native tools
 * jailed to the workspace and an approval policy deciding which calls ask the user. It reports
 * only text and tool call contents; turn progress, recording and the approval questions belong to
 * the hub (server/agents/agent-backend.ts).
 */
import Anthropic from '@anthropic-ai/sdk';
import { Workspace } from '../../workspace/workspace';
import type { AgentBackend, AgentInfo, AgentTurn } from '../agent-backend';
import { assistantContentToParams, toAnthropicMessages } from './anthropic-mapper';
import { ApprovalPolicy } from './policy/approval-policy';
import { SessionApprovals } from './policy/session-approvals';
import { runToolCall, toolCallIdentity } from './tool-call-runner';
import type { BuiltinTool, ToolContext } from './tools/builtin-tool';
import { BUILTIN_TOOLS } from './tools/builtin-tools';
import { pickShellEnvironment } from './tools/shell-command';

export const DEFAULT_MAX_TOKENS = 8192;
const ANTHROPIC_API_URL = 'https://api.anthropic.com';

const SYSTEM_PROMPT = [
  "You are Baton's built-in coding agent, working in the user's workspace through a browser chat.",
  'Use the tools to read and change files and to run commands; paths are relative to the workspace root.',
  'Changes and commands usually wait for the user to approve them, and a rejected call means the user does not want it.',
  'Answer in Markdown, briefly.',
].join(' ');

const PLAN_PROMPT =
  'You are in plan mode: you can only read. Study the workspace and answer with a plan; the user switches to agent mode to carry it out.';

export interface BuiltinAgentOptions {
  workspaceRoot: string;
  apiKey: string;
  /** Where the Messages API lives; the real API when omitted (the process environment is not read). */
  baseURL?: string;
  model: string;
  /** True when `baseURL` is the scripted offline demo model. */
  offlineDemo: boolean;
  maxTokens?: number;
  /** Run by close() once turns are stopped; the env factory stops the demo model server here. */
  onClose?: () => Promise<void>;
  /** Which calls run, ask or are refused (from the config file's `toolApproval`); the defaults when omitted. */
  approvalPolicy?: ApprovalPolicy;
  /** The whole environment of shell commands; PATH, HOME and LANG of this process when omitted. */
  shellEnvironment?: Readonly<Record<string, string>>;
  /** Folders the file tools never change: give the relay's data folder (database, config file). */
  protectedFolders?: readonly string[];
  /**
   * Tools from elsewhere (MCP servers, named `<server>__<tool>`), asked for at every model request
   * so servers can come and go. They go through the same approval policy as the native tools.
   */
  extraTools?: () => readonly BuiltinTool[];
}

/** The relay's own failure to get an answer from the model; `message` is meant for the user. */
export class BuiltinAgentError extends Error {
  override readonly name = 'BuiltinAgentError';
  readonly code = 'model-request-failed';
}

export class BuiltinAgent implements AgentBackend {
  readonly info: AgentInfo;
  /** Where Messages API requests go, for the relay's startup log (a loopback URL for the demo). */
  readonly modelEndpoint: string;
  private readonly client: Anthropic;
  private readonly toolContext: ToolContext;
  private readonly maxTokens: number;
  private readonly closing = new AbortController();
  private readonly onClose: (() => Promise<void>) | undefined;
  private readonly approvalPolicy: ApprovalPolicy;
  private readonly sessionApprovals = new SessionApprovals();
  private readonly extraTools: () => readonly BuiltinTool[];

  constructor(options: BuiltinAgentOptions) {
    this.info = { name: 'Built-in agent', model: options.model, offlineDemo: options.offlineDemo };
    this.modelEndpoint = options.baseURL ?? ANTHROPIC_API_URL;
    // One retry (after about half a second) instead of the SDK's two: a model that is gone must
    // show as a failed turn within a couple of seconds, not after a long silent backoff.
    this.client = new Anthropic({ apiKey: options.apiKey, baseURL: this.modelEndpoint, maxRetries: 1 });
    this.toolContext = {
      workspace: new Workspace(options.workspaceRoot, { protectedFolders: options.protectedFolders }),
      shellEnvironment: options.shellEnvironment ?? pickShellEnvironment(process.env),
    };
    this.maxTokens = options.maxTokens ?? DEFAULT_MAX_TOKENS;
    this.onClose = options.onClose;
    this.approvalPolicy = options.approvalPolicy ?? new ApprovalPolicy();
    this.extraTools = options.extraTools ?? (() => []);
  }

  /** The tools a turn offers: all in the agent behaviour, only those that read in plan. */
  toolsFor(behavior: AgentTurn['behavior']): BuiltinTool[] {
    const tools = [...BUILTIN_TOOLS, ...this.extraTools()];
    return behavior === 'plan' ? tools.filter((tool) => tool.readOnly) : tools;
  }

  async runTurn(turn: AgentTurn): Promise<void> {
    const signal = AbortSignal.any([turn.signal, this.closing.signal]);
    const messages = toAnthropicMessages(turn.history, turn.message);
    try {
      // One model request per round; the round's tool results start the next one.
      for (;;) {
        const tools = this.toolsFor(turn.behavior);
        const answer = await this.streamAnswer(turn, messages, tools, signal);
        if (answer === undefined) return;
        messages.push({ role: 'assistant', content: assistantContentToParams(answer.content) });
        const toolUses = answer.content.filter((block) => block.type === 'tool_use');
        if (answer.stop_reason !== 'tool_use' || toolUses.length === 0) return;

        const results: Anthropic.ToolResultBlockParam[] = [];
        for (const toolUse of toolUses) {
          const result = await runToolCall(toolUse, {
            turn,
            signal,
            context: this.toolContext,
            tools,
            policy: this.approvalPolicy,
            sessionApprovals: this.sessionApprovals,
          });
          if (result === undefined || signal.aborted) return;
          results.push(result);
        }
        messages.push({ role: 'user', content: results });
      }
    } catch (error) {
      // Stop is how the user ends a turn, not a failure to show them.
      if (signal.aborted) return;
      throw new BuiltinAgentError(`The model request failed: ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      });
    }
  }

  async close(): Promise<void> {
    this.closing.abort();
    this.sessionApprovals.clear();
    await this.onClose?.();
  }

  /**
   * Streams one answer, emitting text deltas and tool input as they arrive. Resolves undefined
   * when the turn was stopped; passing the signal to the SDK aborts the HTTP stream at once.
   */
  private async streamAnswer(
    turn: AgentTurn,
    messages: Anthropic.MessageParam[],
    tools: readonly BuiltinTool[],
    signal: AbortSignal,
  ): Promise<Anthropic.Message | undefined> {
    const stream = this.client.messages.stream(
      {
        model: this.info.model,
        max_tokens: this.maxTokens,
        system: turn.behavior === 'plan' ? `${SYSTEM_PROMPT}\n\n${PLAN_PROMPT}` : SYSTEM_PROMPT,
        messages,
        tools: tools.map((tool) => tool.definition),
      },
      { signal },
    );
    const toolCalls = new Map<number, ReturnType<typeof toolCallIdentity>>();
    for await (const event of stream) {
      if (signal.aborted) return undefined;
      if (event.type === 'content_block_start' && event.content_block.type === 'tool_use') {
        const { id, name } = event.content_block;
        const identity = toolCallIdentity(id, name, tools.find((tool) => tool.name === name));
        toolCalls.set(event.index, identity);
        // Shown at once, so the card appears while the arguments are still being written.
        await turn.emit({ type: 'toolCallPrepare', ...identity, argumentsText: '' });
      } else if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') {
        if (event.delta.text !== '') await turn.emit({ type: 'text', text: event.delta.text });
      } else if (event.type === 'content_block_delta' && event.delta.type === 'input_json_delta') {
        const call = toolCalls.get(event.index);
        if (call && event.delta.partial_json !== '') {
          await turn.emit({ type: 'toolCallPrepare', ...call, argumentsText: event.delta.partial_json });
        }
      }
    }
    if (signal.aborted) return undefined;
    return stream.finalMessage();
  }
}
