/**
 * Baton's own agent: the Anthropic Messages API, streamed through the real SDK, with native tools
 * jailed to the workspace, MCP servers' tools, prompts and resources, and an approval policy
 * deciding which calls ask the user. It reports text, reasoning, links, tool calls and the usage
 * after each turn; turn progress, recording and the approval questions belong to the hub
 * (server/agents/agent-backend.ts).
 */
import type Anthropic from '@anthropic-ai/sdk';
import type { ChatCommand } from '../../../lib/protocol/eca/chat-methods';
import { Workspace } from '../../workspace/workspace';
import type { AgentBackend, AgentInfo, AgentTurn } from '../agent-backend';
import { assistantContentToParams, toAnthropicMessages } from './anthropic-mapper';
import { loadAnthropicSdk } from './anthropic-sdk';
import { UniqueIds } from '../unique-ids';
import { streamAnswer } from './answer-stream';
import { listCommands, runCommand } from './commands/chat-commands';
import { parseCommandLine } from './commands/command-line';
import { mcpTools } from './mcp/mcp-builtin-tools';
import type { McpServerManager } from './mcp/mcp-server-manager';
import { BuiltinAgentError, modelFailure } from './model-failure';
import { modelRequestParams } from './model-request';
import { ModelStreamThread } from './model-stream-thread';
import { ApprovalPolicy } from '../../guard/approval-policy';
import { SessionApprovals } from '../../guard/session-approvals';
import { contextsPrompt } from './prompt-contexts';
import { addRequest, EMPTY_TALLY, ThreadUsage, type UsageTally, usageContent } from './thread-usage';
import { runToolCall } from './tool-call-runner';
import type { BuiltinTool, ToolContext } from './tools/builtin-tool';
import { BUILTIN_TOOLS } from './tools/builtin-tools';
import { pickCommandEnvironment } from '../../process/command-environment';
import { CommandSandbox } from '../../process/command-sandbox';

export { BuiltinAgentError } from './model-failure';

export const DEFAULT_MAX_TOKENS = 8192;
const ANTHROPIC_API_URL = 'https://api.anthropic.com';
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
  /** The whole environment of shell commands; this process's allowed variables (command-environment.ts) when omitted. */
  shellEnvironment?: Readonly<Record<string, string>>;
  /** The OS boundary shell commands run in (the relay's, from config.json); none when omitted, and cards say so. */
  commandSandbox?: CommandSandbox;
  /** Folders the file tools never change: give the relay's data folder (database, config file). */
  protectedFolders?: readonly string[];
  /**
   * Tools from elsewhere (MCP servers, named `<server>__<tool>`), asked for at every model request
   * so servers can come and go. They go through the same approval policy as the native tools.
   * The tools of `mcp` when omitted.
   */
  extraTools?: () => readonly BuiltinTool[];
  /**
   * The MCP servers (started and closed by their owner, not by the agent): their tools are offered
   * (unless `extraTools` says otherwise), their prompts are `/` commands, their resources contexts.
   */
  mcp?: McpServerManager;
  /**
   * Asks for extended thinking with this budget (at least 1024 tokens), shown as reasoning; no
   * thinking when omitted. Only for models that support it.
   */
  thinkingBudgetTokens?: number;
  /** The models a turn may pick (`turn.model`); `model` alone when omitted. */
  models?: readonly string[];
}

export class BuiltinAgent implements AgentBackend {
  readonly info: AgentInfo;
  /** Where Messages API requests go, for the relay's startup log (a loopback URL for the demo). */
  readonly modelEndpoint: string;
  /** Reads the model's answers in a thread of its own (model-stream-thread.ts says why). */
  private readonly model: ModelStreamThread;
  private readonly toolContext: ToolContext;
  private readonly maxTokens: number;
  private readonly closing = new AbortController();
  private readonly onClose: (() => Promise<void>) | undefined;
  private readonly approvalPolicy: ApprovalPolicy;
  private readonly sessionApprovals = new SessionApprovals();
  private readonly extraTools: () => readonly BuiltinTool[];
  private readonly mcp: McpServerManager | undefined;
  private readonly thinkingBudgetTokens: number | undefined;
  private readonly usage = new ThreadUsage();

  constructor(options: BuiltinAgentOptions) {
    const models = [options.model, ...(options.models ?? []).filter((model) => model !== options.model)];
    this.info = { name: 'Built-in agent', model: options.model, offlineDemo: options.offlineDemo, models };
    this.modelEndpoint = options.baseURL ?? ANTHROPIC_API_URL;
    // One retry (after about half a second) instead of the SDK's two: a model that is gone must
    // show as a failed turn within a couple of seconds, not after a long silent backoff.
    this.model = new ModelStreamThread({ apiKey: options.apiKey, baseURL: this.modelEndpoint, maxRetries: 1 });
    this.approvalPolicy = options.approvalPolicy ?? new ApprovalPolicy();
    this.toolContext = {
      workspace: new Workspace(options.workspaceRoot, { protectedFolders: options.protectedFolders }),
      shellEnvironment: options.shellEnvironment ?? pickCommandEnvironment(process.env),
      commandSandbox: options.commandSandbox ?? CommandSandbox.none(),
      policy: this.approvalPolicy,
    };
    this.maxTokens = options.maxTokens ?? DEFAULT_MAX_TOKENS;
    this.onClose = options.onClose;
    this.mcp = options.mcp;
    this.extraTools = options.extraTools ?? (options.mcp ? mcpTools(options.mcp) : () => []);
    this.thinkingBudgetTokens = options.thinkingBudgetTokens;
  }

  /** The tools a turn offers: all in the agent behaviour, only those that read in plan. */
  toolsFor(behavior: AgentTurn['behavior']): BuiltinTool[] {
    const tools = [...BUILTIN_TOOLS, ...this.extraTools()];
    return behavior === 'plan' ? tools.filter((tool) => tool.readOnly) : tools;
  }

  /** The `/` commands: the native ones, then the running MCP servers' prompts. */
  listCommands(): Promise<ChatCommand[]> {
    return listCommands(this.mcp);
  }

  /** A tab opened one of its threads: the model's thread starts now, not in the first answer's way. */
  prepare(): void {
    this.model.prepare();
  }

  async runTurn(turn: AgentTurn): Promise<void> {
    const signal = AbortSignal.any([turn.signal, this.closing.signal]);
    const model = turn.model !== undefined && this.info.models?.includes(turn.model) ? turn.model : this.info.model;
    const prompt = await this.promptFor(turn, signal);
    if (prompt === undefined || signal.aborted) return;
    const spent = { tally: EMPTY_TALLY };
    try {
      await this.converse(turn, toAnthropicMessages(turn.history, prompt), { model, signal, spent });
    } catch (error) {
      // Stop is how the user ends a turn, not a failure to show them.
      if (signal.aborted) return;
      await this.reportUsage(turn, model, spent.tally);
      throw error instanceof BuiltinAgentError
        ? error
        : modelFailure(error, { endpoint: this.modelEndpoint, model }, await loadAnthropicSdk());
    }
    if (!signal.aborted) await this.reportUsage(turn, model, spent.tally);
  }

  async close(): Promise<void> {
    this.closing.abort();
    this.model.close();
    this.sessionApprovals.clear();
    this.usage.clear();
    await this.onClose?.();
  }

  /** One model request per round; the round's tool results start the next one. */
  private async converse(
    turn: AgentTurn,
    messages: Anthropic.MessageParam[],
    round: { model: string; signal: AbortSignal; spent: { tally: UsageTally } },
  ): Promise<void> {
    const { model, signal, spent } = round;
    const linksShown = new Set<string>();
    // The endpoint's tool_use ids are made unique in the thread: a reused one would hide a call.
    const toolCallIds = UniqueIds.forThread(turn.history);
    for (;;) {
      const tools = this.toolsFor(turn.behavior);
      const answer = await streamAnswer({
        model: this.model,
        params: modelRequestParams({
          model,
          behavior: turn.behavior,
          messages,
          tools,
          maxTokens: this.maxTokens,
          thinkingBudgetTokens: this.thinkingBudgetTokens,
        }),
        turn,
        tools,
        signal,
        linksShown,
        toolCallIds,
        onTokens: (counts) => {
          this.usage.record(turn.threadId, model, counts);
          spent.tally = addRequest(spent.tally, model, counts);
        },
      });
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
      // A message the user sent meanwhile goes with the results, after them as the API wants.
      const steering = await turn.takeSteering?.();
      messages.push({ role: 'user', content: steering === undefined ? results : [...results, { type: 'text', text: steering }] });
    }
  }

  /**
   * What the model is sent for the user's message: the contexts, then the text (an MCP prompt's
   * expansion for `/server:prompt`). Undefined when a native command answered it already.
   */
  private async promptFor(turn: AgentTurn, signal: AbortSignal): Promise<Anthropic.TextBlockParam[] | undefined> {
    let text = turn.message;
    const line = parseCommandLine(turn.message);
    if (line) {
      const usage = this.usage.of(turn.threadId);
      let outcome: Awaited<ReturnType<typeof runCommand>>;
      try {
        outcome = await runCommand(line, { workspace: this.toolContext.workspace, mcp: this.mcp, usage, signal });
      } catch (error) {
        if (signal.aborted) return undefined;
        const reason = error instanceof Error ? error.message : String(error);
        throw new BuiltinAgentError('command-failed', `The command /${line.name} failed: ${reason}`, { cause: error });
      }
      if (outcome?.type === 'answer') {
        await turn.emit({ type: 'text', text: outcome.text });
        return undefined;
      }
      if (outcome?.type === 'prompt') text = outcome.text;
    }
    const workspace = this.toolContext.workspace;
    const contexts = await contextsPrompt(turn.contexts ?? [], { workspace, mcp: this.mcp, signal, policy: this.approvalPolicy });
    // The API refuses a text block with nothing but whitespace in it.
    const typed = text.trim() === '' ? '(The message is empty.)' : text;
    return [...(contexts ? [{ type: 'text' as const, text: contexts }] : []), { type: 'text', text: typed }];
  }

  private async reportUsage(turn: AgentTurn, model: string, spent: UsageTally): Promise<void> {
    if (spent === EMPTY_TALLY) return;
    await turn.emit(usageContent(model, this.usage.of(turn.threadId), spent));
  }
}
