import { afterEach, describe, expect, it } from 'vitest';
import { createRecordingTurn } from '../../hub/testing/recording-turn';
import { mergeToolCall, newToolCallState } from './acp-tool-calls';
import { NO_OUTPUT_REPORTED, toolCallOutputText } from './acp-tool-output';
import { type AcpHarness, startAcpHarness } from './testing/acp-support';
import { REAL_TOOL_OUTPUTS } from './testing/real-tool-outputs';

const noTerminal = () => undefined;

describe('the result a finished ACP tool call shows', () => {
  it.each(REAL_TOOL_OUTPUTS.map((shape) => [shape.toolCallId, shape] as const))('reads %s as that agent sends it', (_, shape) => {
    const state = newToolCallState(shape.toolCallId);
    mergeToolCall(state, shape.call);
    mergeToolCall(state, shape.end);
    expect(toolCallOutputText(state, noTerminal)).toBe(shape.expected);
  });

  it("shows a Baton terminal's output over anything the agent says, else what the agent says, else that there was none", () => {
    const state = newToolCallState('run-1');
    mergeToolCall(state, {
      kind: 'execute',
      status: 'completed',
      content: [{ type: 'terminal', terminalId: 't1' }],
      rawOutput: { stdout: 'agent says' },
    });
    expect(toolCallOutputText(state, () => 'seen by Baton\n')).toBe('seen by Baton\n');
    expect(toolCallOutputText(state, () => undefined)).toBe('agent says');
    const silent = newToolCallState('run-2');
    mergeToolCall(silent, { kind: 'execute', status: 'completed', content: [{ type: 'terminal', terminalId: 't2' }] });
    expect(toolCallOutputText(silent, () => '')).toBe(NO_OUTPUT_REPORTED);
  });

  it('takes the separate streams when no combined output is given, and content blocks as raw output', () => {
    const separate = newToolCallState('s');
    mergeToolCall(separate, { kind: 'execute', status: 'failed', rawOutput: { stdout: 'out\n', stderr: 'err\n', exitCode: 2 } });
    expect(toolCallOutputText(separate, noTerminal)).toBe('out\nerr\nExit code 2.');
    const blocks = newToolCallState('b');
    mergeToolCall(blocks, { kind: 'search', status: 'completed', rawOutput: [{ type: 'text', text: 'found it' }] });
    expect(toolCallOutputText(blocks, noTerminal)).toBe('found it');
  });

  it('leaves a finished call that is no command empty when the agent said nothing', () => {
    const state = newToolCallState('r');
    mergeToolCall(state, { kind: 'read', status: 'completed' });
    expect(toolCallOutputText(state, noTerminal)).toBe('');
  });
});

describe('tool output through the fake agent', () => {
  let harness: AcpHarness | undefined;
  afterEach(async () => {
    await harness?.cleanUp();
    harness = undefined;
  });

  it("shows each real agent's finished command as its card's result", async () => {
    harness = await startAcpHarness();
    const recording = createRecordingTurn({ message: 'outputs', decide: () => ({ decision: 'approved', optionId: 'yes' }) });
    await harness.agent.runTurn(recording.turn);
    const shown = Object.fromEntries(
      recording.entries().flatMap((entry) => (entry.type === 'toolCall' ? [[entry.id, entry.outputText]] : [])),
    );
    expect(shown).toEqual(Object.fromEntries(REAL_TOOL_OUTPUTS.map((shape) => [shape.toolCallId, shape.expected])));
  });
});
