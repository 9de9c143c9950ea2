import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startScriptedModelServer } from '../../demo-model/scripted-model-server';
import { BuiltinAgentConfigError, createBuiltinAgentFromEnv, DEFAULT_MODEL } from './create-builtin-agent';
import { MODEL_CATALOG } from './model-catalog';
import { scriptedSteps, useAgentFixture, useTool } from './testing/agent-support';
import { ApprovalPolicy } from '../../guard/approval-policy';
import { createRecordingTurn } from '../../hub/testing/recording-turn';

const fixture = useAgentFixture({ prefix: 'baton-factory-' });

describe('createBuiltinAgentFromEnv', () => {
  it('runs the offline demo model on loopback when no API key is set, and stops it on close', async () => {
    fixture.agent = await createBuiltinAgentFromEnv({ workspaceRoot: fixture.workspaceRoot, env: { ANTHROPIC_API_KEY: '  ' } });
    expect(fixture.agent.info).toEqual({ name: 'Built-in agent', model: 'offline-demo', offlineDemo: true, models: ['offline-demo'] });

    const demoUrl = fixture.agent.modelEndpoint;
    expect(demoUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    // The demo streams slowly for people; its first words are enough to show it answers, reasoning first.
    const recording = createRecordingTurn({
      message: 'Hello',
      onContent: (content) => content.type === 'text' && recording.stop(),
    });
    await fixture.agent.runTurn(recording.turn);
    expect(recording.contents.map((content) => content.type)).toEqual([
      'reasonStarted',
      ...recording.contents.slice(1, -2).map(() => 'reasonText'),
      'reasonFinished',
      'text',
    ]);
    expect(recording.contents.at(-1)).toEqual({ type: 'text', text: '**This ' });

    await fixture.agent.close();
    fixture.agent = undefined;
    await expect(fetch(`${demoUrl}/v1/messages`, { method: 'POST', body: '{}' })).rejects.toThrow();
  });

  it('uses ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL and BATON_MODEL when the key is set', async () => {
    fixture.server = await startScriptedModelServer({ script: () => ({ blocks: [{ type: 'text', text: 'Real-ish.' }] }) });
    fixture.agent = await createBuiltinAgentFromEnv({
      workspaceRoot: fixture.workspaceRoot,
      env: { ANTHROPIC_API_KEY: 'test', ANTHROPIC_BASE_URL: fixture.server.url, BATON_MODEL: 'claude-test-model' },
    });
    expect(fixture.agent.info).toEqual({
      name: 'Built-in agent',
      model: 'claude-test-model',
      offlineDemo: false,
      models: ['claude-test-model', ...Object.keys(MODEL_CATALOG)],
    });
    const recording = createRecordingTurn({ message: 'Hi' });
    await fixture.agent.runTurn(recording.turn);
    expect(recording.contents).toEqual([
      { type: 'text', text: 'Real-ish.' },
      // An unlisted model has no price and no known limits: tokens only.
      { type: 'usage', sessionTokens: expect.any(Number), messageInputTokens: expect.any(Number), messageOutputTokens: expect.any(Number) },
    ]);
    expect(fixture.server.requests[0]).toMatchObject({ model: 'claude-test-model', stream: true });
    expect(fixture.server.requests[0]).not.toHaveProperty('thinking');
  });

  it('asks for extended thinking with the budget BATON_THINKING_BUDGET sets, and refuses a bad one', async () => {
    fixture.server = await startScriptedModelServer({ script: () => ({ blocks: [{ type: 'text', text: 'Thought.' }] }) });
    const env = { ANTHROPIC_API_KEY: 'test', ANTHROPIC_BASE_URL: fixture.server.url };
    const { workspaceRoot } = fixture;
    fixture.agent = await createBuiltinAgentFromEnv({ workspaceRoot, env: { ...env, BATON_THINKING_BUDGET: '2048' } });
    await fixture.agent.runTurn(createRecordingTurn({ message: 'Think' }).turn);
    expect(fixture.server.requests[0]).toMatchObject({ thinking: { type: 'enabled', budget_tokens: 2048 }, max_tokens: 8192 });

    await fixture.agent.close();
    fixture.agent = await createBuiltinAgentFromEnv({ workspaceRoot, env: { ...env, BATON_THINKING_BUDGET: '16000' } });
    await fixture.agent.runTurn(createRecordingTurn({ message: 'Think harder' }).turn);
    // max_tokens must stay above the budget, which counts towards it.
    expect(fixture.server.requests[1]).toMatchObject({ thinking: { budget_tokens: 16000 }, max_tokens: 20096 });

    for (const bad of ['512', 'lots', '2048.5']) {
      await expect(createBuiltinAgentFromEnv({ workspaceRoot, env: { ...env, BATON_THINKING_BUDGET: bad } })).rejects.toThrow(
        BuiltinAgentConfigError,
      );
    }
  });

  it('defaults to a current Claude model', async () => {
    fixture.agent = await createBuiltinAgentFromEnv({ workspaceRoot: fixture.workspaceRoot, env: { ANTHROPIC_API_KEY: 'test' } });
    expect(fixture.agent.info.model).toBe(DEFAULT_MODEL);
  });

  it('passes shell commands none of its secrets, and the approval policy and protected folders through', async () => {
    fixture.server = await startScriptedModelServer({
      script: scriptedSteps(
        useTool('shell_command', { command: 'env' }),
        useTool('write_file', { path: '.baton/config.json', content: '{"toolApproval":[]}' }),
      ),
    });
    fixture.agent = await createBuiltinAgentFromEnv({
      workspaceRoot: fixture.workspaceRoot,
      env: {
        ANTHROPIC_API_KEY: 'sk-secret-key',
        ANTHROPIC_BASE_URL: fixture.server.url,
        BATON_TOKEN: 'token-secret',
        PATH: process.env.PATH,
        HOME: '/test-home',
      },
      approvalPolicy: new ApprovalPolicy([{ tool: 'shell_command', decision: 'allow' }]),
      protectedFolders: [path.join(fixture.workspaceRoot, '.baton')],
    });
    const recording = createRecordingTurn({ message: 'Look around' });
    await fixture.agent.runTurn(recording.turn);
    // Refused before anyone is asked to approve it.
    expect(recording.approvalsAsked).toEqual([]);
    const [shell, write] = recording.contents.filter((content) => content.type === 'toolCalled');
    const shellOutput = shell?.type === 'toolCalled' ? (shell.outputs[0]?.text ?? '') : '';
    expect(shellOutput).toContain('HOME=/test-home');
    expect(shellOutput).not.toMatch(/secret/);
    expect(write).toMatchObject({ error: true, outputs: [{ text: expect.stringContaining("Baton's own data folder") }] });
  });
});
