/**
 * Chooses the built-in agent's model from the environment (DESIGN.md, decision 6): the real
 * Anthropic API when ANTHROPIC_API_KEY is set (ANTHROPIC_BASE_URL may point elsewhere, e.g. at a
 * test's scripted server), else the clearly labelled offline demo model on loopback.
 */
import { createDemoScript, DEMO_MODEL_ID } from '../../demo-model/demo-script';
import { startScriptedModelServer } from '../../demo-model/scripted-model-server';
import { BuiltinAgent, type BuiltinAgentOptions } from './builtin-agent';
import { pickShellEnvironment } from './tools/shell-command';

export const DEFAULT_MODEL = 'claude-sonnet-4-5';

export interface BuiltinAgentEnvironment
  extends Pick<BuiltinAgentOptions, 'approvalPolicy' | 'protectedFolders' | 'extraTools'> {
  workspaceRoot: string;
  /**
   * Usually `process.env`. ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL and BATON_MODEL choose the model;
   * PATH, HOME and LANG are all that shell commands get of it.
   */
  env: Readonly<Record<string, string | undefined>>;
}

export async function createBuiltinAgentFromEnv({
  workspaceRoot,
  env,
  ...toolOptions
}: BuiltinAgentEnvironment): Promise<BuiltinAgent> {
  const common = { workspaceRoot, shellEnvironment: pickShellEnvironment(env), ...toolOptions };
  const apiKey = env.ANTHROPIC_API_KEY?.trim();
  if (apiKey) {
    return new BuiltinAgent({
      ...common,
      apiKey,
      baseURL: env.ANTHROPIC_BASE_URL?.trim() || undefined,
      model: env.BATON_MODEL?.trim() || DEFAULT_MODEL,
      offlineDemo: false,
    });
  }
  const demoServer = await startScriptedModelServer({ script: createDemoScript() });
  return new BuiltinAgent({
    ...common,
    // The demo server checks no key; the SDK only needs one to be set.
    apiKey: 'offline-demo',
    baseURL: demoServer.url,
    model: DEMO_MODEL_ID,
    offlineDemo: true,
    onClose: () => demoServer.close(),
  });
}
