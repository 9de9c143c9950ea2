import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentBlocks, type RequestMessage } from '../../demo-model/messages-request';
import type { ScriptedReply } from '../../demo-model/scripted-reply';
import { say, scriptedSteps, useAgentFixture, useTool } from './testing/agent-support';
import { contentOutline, createRecordingTurn, type RecordingTurnOptions } from '../../hub/testing/recording-turn';
import { waitUntilGone } from '../../process/testing/process-support';

const fixture = useAgentFixture({ prefix: 'baton-agent-shell-' });

async function runShellTurn(steps: ScriptedReply[], options: Omit<RecordingTurnOptions, 'message'>) {
  const agent = await fixture.agentWith(scriptedSteps(...steps));
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
          void writeFile(path.join(fixture.workspaceRoot, 'go'), '');
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
    expect(contentBlocks(fixture.server?.requests[1]?.messages.at(-1) as RequestMessage)).toEqual([
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
    expect(contentBlocks(fixture.server?.requests[1]?.messages.at(-1) as RequestMessage)[0]).toMatchObject({ is_error: true });
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
    expect(fixture.server?.requests).toHaveLength(1);
  });
});
