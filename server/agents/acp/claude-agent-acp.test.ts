/**
 * A real ACP agent end to end: `@zed-industries/claude-agent-acp` (Claude Code's ACP adapter),
 * offline against Baton's scripted Anthropic-compatible server. Its HOME is a temporary folder
 * whose settings turn off telemetry and the autoupdater; IS_SANDBOX lets it run as root.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { contentBlocks, type MessagesRequest } from '../../demo-model/messages-request';
import { type ScriptedModelServer, startScriptedModelServer } from '../../demo-model/scripted-model-server';
import type { ScriptedBlock } from '../../demo-model/scripted-reply';
import { createRecordingTurn } from '../../hub/testing/recording-turn';
import { type AcpHarness, startAcpHarness } from './testing/acp-support';

const CLAUDE_AGENT_ACP = fileURLToPath(import.meta.resolve('@zed-industries/claude-agent-acp/dist/index.js'));
const QUIET = {
  DISABLE_TELEMETRY: '1',
  DISABLE_AUTOUPDATER: '1',
  CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
  DISABLE_ERROR_REPORTING: '1',
};

let harness: AcpHarness | undefined;
let model: ScriptedModelServer | undefined;
afterEach(async () => {
  await harness?.cleanUp();
  await model?.close();
  harness = undefined;
  model = undefined;
});

/** With thinking on, Claude Code wants every answer to begin with a thought. */
function answer(request: MessagesRequest, blocks: ScriptedBlock[]) {
  return {
    blocks:
      request.thinking !== undefined && request.thinking.type !== 'disabled'
        ? [{ type: 'thinking' as const, thinking: 'Let me see.' }, ...blocks]
        : blocks,
  };
}

function hasToolResult(request: MessagesRequest): boolean {
  const last = request.messages.at(-1);
  return last !== undefined && contentBlocks(last).some((block) => block.type === 'tool_result');
}

async function startClaude(script: Parameters<typeof startScriptedModelServer>[0]['script']) {
  model = await startScriptedModelServer({ script });
  harness = await startAcpHarness({
    command: process.execPath,
    args: [CLAUDE_AGENT_ACP],
    env: { ANTHROPIC_BASE_URL: model.url, ANTHROPIC_API_KEY: 'sk-offline-test', IS_SANDBOX: '1', ...QUIET },
  });
  // Its HOME (the workspace here, as the harness gives the relay's HOME to the child) holds its settings.
  const settings = path.join(harness.root, '.claude');
  await mkdir(settings, { recursive: true });
  await writeFile(path.join(settings, 'settings.json'), JSON.stringify({ env: QUIET, autoUpdates: false }));
  return harness;
}

describe('@zed-industries/claude-agent-acp through the ACP adapter', () => {
  it('streams a scripted answer back as text and learns its modes', { timeout: 60_000 }, async () => {
    const { agent } = await startClaude((request) => answer(request, [{ type: 'text', text: 'Hello from the scripted model' }]));
    const recording = createRecordingTurn({ message: 'Say hello' });
    await agent.runTurn(recording.turn);
    const text = recording.contents.flatMap((content) => (content.type === 'text' ? [content.text] : [])).join('');
    expect(text).toBe('Hello from the scripted model');
    expect(recording.contents.some((content) => content.type === 'reasonText')).toBe(true);
    expect(recording.savedAgentSession()).toMatch(/[0-9a-f-]{36}/);
    expect(agent.info.behaviors).toContain('plan');
    expect(model!.requests.some((request) => JSON.stringify(request.messages).includes('Say hello'))).toBe(true);
  });

  it('asks before its Write tool runs and shows the change', { timeout: 60_000 }, async () => {
    const { agent, root } = await startClaude((request) =>
      hasToolResult(request)
        ? answer(request, [{ type: 'text', text: 'Done.' }])
        : answer(request, [
            { type: 'text', text: 'Writing it.' },
            { type: 'tool_use', name: 'Write', input: { file_path: path.join(root, 'hello.txt'), content: 'one\ntwo\n' } },
          ]),
    );
    const recording = createRecordingTurn({ message: 'Write hello.txt', decide: () => 'approved' });
    await agent.runTurn(recording.turn);
    expect(recording.approvalsAsked).toHaveLength(1);
    const run = recording.contents.find((content) => content.type === 'toolCallRun');
    expect(run).toMatchObject({ manualApproval: true, name: 'edit' });
    expect(run?.type === 'toolCallRun' && run.approvalOptions?.length).toBeGreaterThan(0);
    expect(await readFile(path.join(root, 'hello.txt'), 'utf8')).toBe('one\ntwo\n');
    const call = recording.entries().find((entry) => entry.type === 'toolCall');
    expect(call).toMatchObject({ status: 'succeeded', details: { type: 'fileChange', path: 'hello.txt', linesAdded: 2 } });
    const text = recording.contents.flatMap((content) => (content.type === 'text' ? [content.text] : [])).join('');
    expect(text).toContain('Done.');
  });
});
