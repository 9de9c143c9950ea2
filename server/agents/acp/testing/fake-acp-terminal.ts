/**
 * The fake ACP agent's `run` keyword: a command it asks permission for, then runs in a terminal the
 * client creates (`terminal/create`), reporting the terminal while it runs and its output at the end.
 */
import type { AgentSideConnection } from '@agentclientprotocol/sdk';

export async function runTerminal(connection: AgentSideConnection, sessionId: string, toolCallId: string) {
  await connection.sessionUpdate({
    sessionId,
    update: {
      sessionUpdate: 'tool_call',
      toolCallId,
      title: 'Run echo',
      kind: 'execute',
      status: 'pending',
      rawInput: { command: 'echo terminal-says-hi' },
    },
  });
  const answer = await connection.requestPermission({
    sessionId,
    toolCall: { toolCallId },
    options: [
      { optionId: 'yes', name: 'Run it', kind: 'allow_once' },
      { optionId: 'no', name: 'Do not run', kind: 'reject_once' },
    ],
  });
  if (answer.outcome.outcome !== 'selected' || answer.outcome.optionId !== 'yes') {
    await connection.sessionUpdate({ sessionId, update: { sessionUpdate: 'tool_call_update', toolCallId, status: 'failed' } });
    return;
  }
  const script =
    process.env.FAKE_TERMINAL_SCRIPT ?? 'echo terminal-says-hi; echo "home=$HOME secret=${BATON_SECRET:-none} extra=$FAKE_EXTRA"';
  const terminal = await connection.createTerminal({
    sessionId,
    command: 'sh',
    args: ['-c', script],
    env: [{ name: 'FAKE_EXTRA', value: 'set-by-agent' }],
  });
  await connection.sessionUpdate({
    sessionId,
    update: {
      sessionUpdate: 'tool_call_update',
      toolCallId,
      status: 'in_progress',
      content: [{ type: 'terminal', terminalId: terminal.id }],
    },
  });
  const exit = await terminal.waitForExit();
  const output = await terminal.currentOutput();
  await terminal.release();
  await connection.sessionUpdate({
    sessionId,
    update: {
      sessionUpdate: 'tool_call_update',
      toolCallId,
      status: exit.exitCode === 0 ? 'completed' : 'failed',
      rawOutput: output.output,
    },
  });
}
