import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contentBlocks, type RequestMessage } from '../../demo-model/messages-request';
import type { ScriptedReply } from '../../demo-model/scripted-reply';
import { type ScriptedModelServer, startScriptedModelServer } from '../../demo-model/scripted-model-server';
import { say, scriptedSteps, useTool } from './agent-test-support';
import { BuiltinAgent } from './builtin-agent';
import { contentOutline, createRecordingTurn, type RecordingTurnOptions } from './recording-turn';
import { waitUntilGone } from './tools/process-test-support';

let workspaceRoot: string;
let server: ScriptedModelServer | undefined;
let agent: BuiltinAgent | undefined;

beforeEach(async () => {
  workspaceRoot = await realpath(await mkdtemp(path.join(tmpdir(), 'baton-agent-shell-')));
});

afterEach(async () => {
  await agent?.close();
  await server?.close();
  agent = server = undefined;
  await rm(workspaceRoot, { recursive: true, force: true });
});

async function runShellTurn(steps: ScriptedReply[], options: Omit<RecordingTurnOptions, 'message'>) {
  server = await startScriptedModelServer({ script: scriptedSteps(...steps) });
  agent = new BuiltinAgent({ workspaceRoot, apiKey: 'test', baseURL: server.url, model: 'scripted', offlineDemo: false });
  const recording = createRecordingTurn({ message: 'Run it', ...options });
  await agent.runTurn(recording.turn);
  return recording;
}

function streamedChunks(recording: ReturnType<typeof createRecordingTurn>): string[] {
  return recording.contents.flatMap((content) =>
    content.type === 'toolCallRunning' && content.outputChunk !== undefined ? [content.outputChunk] : [],
  );
}

describe('shell_command in a turn', () => {
  it('asks first, shows output on the card while the command runs, then reports the exit code', async () => {
    // The command waits for a file the test writes only once the first output reached the card.
    const command = 'echo first; while [ ! -f go ]; do sleep 0.05; done; echo second';
    const recording = await runShellTurn([useTool('shell_command', { command, timeout_seconds: 20 }), say('Ran.')], {
      decide: () => 'approved',
      onContent: (content) => {
        if (content.type === 'toolCallRunning' && content.outputChunk?.includes('first')) {
          void writeFile(path.join(workspaceRoot, 'go'), '');
        }
      },
    });

    expect(recording.contents.find((content) => content.type === 'toolCallRun')).toMatchObject({
      manualApproval: true,
      summary: 'Running echo first; while [ ! -f go ]; do sleep 0.05; done; echo second',
    });
    expect(streamedChunks(recording).join('')).toBe('first\nsecond\n');
    expect(streamedChunks(recording)[0]).toBe('first\n');
    expect(contentOutline(recording.contents)).toEqual([
      'toolCallPrepare:shell_command',
      'toolCallRun:shell_command',
      'toolCallRunning:shell_command',
      'toolCalled:shell_command',
      'text',
      'usage',
    ]);
    const entry = recording.entries().find((candidate) => candidate.type === 'toolCall');
    expect(entry).toMatchObject({ status: 'succeeded', streamedOutput: 'first\nsecond\n', outputText: 'first\nsecond\n\nExit code 0.' });
    expect(contentBlocks(server?.requests[1]?.messages.at(-1) as RequestMessage)).toEqual([
      { type: 'tool_result', tool_use_id: expect.any(String), content: 'first\nsecond\n\nExit code 0.' },
    ]);
  });

  it('tells the model about a failing command as a failed call', async () => {
    const recording = await runShellTurn([useTool('shell_command', { command: 'echo nope >&2; exit 7' }), say('Failed.')], {
      decide: () => 'approved',
    });
    expect(recording.contents.find((content) => content.type === 'toolCalled')).toMatchObject({
      error: true,
      outputs: [{ text: 'nope\n\nExit code 7.' }],
    });
    expect(contentBlocks(server?.requests[1]?.messages.at(-1) as RequestMessage)[0]).toMatchObject({ is_error: true });
  });

  it('on Stop, kills the command and everything it started, keeping what it printed', async () => {
    let sleeper = 0;
    const stop = new AbortController();
    const recording = await runShellTurn([useTool('shell_command', { command: 'sleep 30 & echo $!; wait' })], {
      decide: () => 'approved',
      onContent: (content) => {
        if (content.type === 'toolCallRunning' && content.outputChunk !== undefined) {
          sleeper = Number.parseInt(content.outputChunk, 10);
          stop.abort();
        }
      },
      stopSignal: stop.signal,
    });
    expect(sleeper).toBeGreaterThan(0);
    expect(await waitUntilGone(sleeper)).toBe(true);
    expect(contentOutline(recording.contents).at(-1)).toBe('toolCallRunning:shell_command');
    expect(recording.entries().find((entry) => entry.type === 'toolCall')).toMatchObject({
      status: 'running',
      streamedOutput: `${sleeper}\n`,
    });
    // The model was not asked again after Stop.
    expect(server?.requests).toHaveLength(1);
  });
});
