/**
 * The parameters of one Messages API request of a turn: the system prompt for the behaviour, the
 * tools offered, and extended thinking when the agent is configured for it and the conversation
 * allows it (https://docs.anthropic.com/en/docs/build-with-claude/extended-thinking).
 */
import type Anthropic from '@anthropic-ai/sdk';
import type { AgentTurn } from '../agent-backend';
import { canRequestThinking } from './anthropic-mapper';
import { modelSpec } from './model-catalog';
import type { BuiltinTool } from './tools/builtin-tool';

const SYSTEM_PROMPT = [
  "You are Baton's built-in coding agent, working in the user's workspace through a browser chat.",
  'Use the tools to read and change files and to run commands; paths are relative to the workspace root.',
  'Changes and commands usually wait for the user to approve them, and a rejected call means the user does not want it.',
  'Answer in Markdown, briefly.',
].join(' ');

const PLAN_PROMPT =
  'You are in plan mode: you can only read. Study the workspace and answer with a plan; the user switches to agent mode to carry it out.';

/** Room left for the answer itself when the thinking budget is as large as max_tokens or larger. */
const ANSWER_TOKENS_AFTER_THINKING = 4096;

export interface ModelRequest {
  model: string;
  behavior: AgentTurn['behavior'];
  messages: Anthropic.MessageParam[];
  tools: readonly BuiltinTool[];
  maxTokens: number;
  /** Undefined: no thinking. */
  thinkingBudgetTokens: number | undefined;
}

export function modelRequestParams(request: ModelRequest): Anthropic.MessageStreamParams {
  const { model, messages, maxTokens } = request;
  const budget = request.thinkingBudgetTokens;
  const thinking = budget !== undefined && canRequestThinking(messages);
  // Thinking counts towards max_tokens, which must stay above the budget and within the model's reach.
  const outputLimit = modelSpec(model)?.outputTokens ?? Number.POSITIVE_INFINITY;
  const maxWithThinking = thinking && budget >= maxTokens ? Math.min(budget + ANSWER_TOKENS_AFTER_THINKING, outputLimit) : maxTokens;
  return {
    model,
    max_tokens: maxWithThinking,
    system: request.behavior === 'plan' ? `${SYSTEM_PROMPT}\n\n${PLAN_PROMPT}` : SYSTEM_PROMPT,
    messages,
    tools: request.tools.map((tool) => tool.definition),
    ...(thinking ? { thinking: { type: 'enabled', budget_tokens: budget } } : {}),
  };
}
