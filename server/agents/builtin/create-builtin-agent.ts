/**
 * Chooses the built-in agent's model from the environment (DESIGN.md, decision 6): the real
 * Anthropic API when ANTHROPIC_API_KEY is set (ANTHROPIC_BASE_URL may point elsewhere, e.g. at a
 * test's scripted server), else the clearly labelled offline demo model on loopback, which always
 * shows a short reasoning block.
 */
import { createDemoScript, DEMO_MODEL_ID } from '../../demo-model/demo-script';
import { MIN_THINKING_BUDGET_TOKENS } from '../../demo-model/messages-request';
import { startScriptedModelServer } from '../../demo-model/scripted-model-server';
import { BuiltinAgent, type BuiltinAgentOptions } from './builtin-agent';
import { ApprovalPolicy } from '../../guard/approval-policy';
import { OfflineDemoApprovalPolicy } from '../../guard/offline-demo-policy';
import { MODEL_CATALOG } from './model-catalog';
import { pickCommandEnvironment } from '../../process/command-environment';

// The SDK marks claude-sonnet-4-5 as reaching end of life; its successor at the same price.
export const DEFAULT_MODEL = 'claude-sonnet-4-6';

export interface BuiltinAgentEnvironment
  extends Pick<BuiltinAgentOptions, 'approvalPolicy' | 'protectedFolders' | 'extraTools' | 'mcp' | 'commandSandbox'> {
  workspaceRoot: string;
  /**
   * Usually `process.env`. ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL and BATON_MODEL choose the model,
   * BATON_THINKING_BUDGET (tokens, at least 1024) turns on extended thinking; PATH, HOME, LANG and
   * the few others of command-environment.ts are all that shell commands get of it.
   */
  env: Readonly<Record<string, string | undefined>>;
}

/** A configuration mistake found at start-up; the message names the variable and what it takes. */
export class BuiltinAgentConfigError extends Error {
  override readonly name = 'BuiltinAgentConfigError';
  readonly code = 'invalid-environment';
}

export async function createBuiltinAgentFromEnv({ workspaceRoot, env, ...toolOptions }: BuiltinAgentEnvironment): Promise<BuiltinAgent> {
  const common = { workspaceRoot, shellEnvironment: pickCommandEnvironment(env), ...toolOptions };
  const apiKey = env.ANTHROPIC_API_KEY?.trim();
  if (apiKey) {
    return new BuiltinAgent({
      ...common,
      apiKey,
      baseURL: env.ANTHROPIC_BASE_URL?.trim() || undefined,
      model: env.BATON_MODEL?.trim() || DEFAULT_MODEL,
      models: Object.keys(MODEL_CATALOG),
      offlineDemo: false,
      thinkingBudgetTokens: thinkingBudget(env.BATON_THINKING_BUDGET),
    });
  }
  const demoServer = await startScriptedModelServer({ script: createDemoScript(), keepRequests: false });
  return new BuiltinAgent({
    ...common,
    approvalPolicy: new OfflineDemoApprovalPolicy(toolOptions.approvalPolicy ?? new ApprovalPolicy()),
    // The demo server checks no key; the SDK only needs one to be set.
    apiKey: 'offline-demo',
    baseURL: demoServer.url,
    model: DEMO_MODEL_ID,
    offlineDemo: true,
    // The demo's script thinks only when asked, as the real API does; it is always asked.
    thinkingBudgetTokens: MIN_THINKING_BUDGET_TOKENS,
    onClose: () => demoServer.close(),
  });
}

function thinkingBudget(value: string | undefined): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  const tokens = Number(text);
  if (!Number.isInteger(tokens) || tokens < MIN_THINKING_BUDGET_TOKENS) {
    throw new BuiltinAgentConfigError(
      `BATON_THINKING_BUDGET must be a whole number of tokens, at least ${MIN_THINKING_BUDGET_TOKENS}; it is ${JSON.stringify(text)}.`,
    );
  }
  return tokens;
}
