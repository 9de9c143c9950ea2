/**
 * Finished commands as three real ACP agents report them, for the fake agent's "outputs" keyword
 * and the card's tests. Shapes, with what was assumed:
 * - codex-acp: the permission request carries the call's `content` (its reason, "Proposed
 *   Amendment: …", "Available Decisions: …"); the command's start sends no content (a client
 *   without Zed's terminal meta gets none), so that text stays; the end sends `rawOutput`, the
 *   serialized end-of-command event (field names as codex's ExecCommandEndEvent; `duration` as
 *   serde writes a Duration). One succeeds with output, one fails printing nothing.
 * - claude-agent-acp (its `Bash` tool when it does not run in a client terminal): the call's
 *   content is the command's description, replaced by the tool's result as text content.
 * - Gemini CLI: a finished `execute` call with neither content nor rawOutput.
 */
export interface ShapedCommand {
  toolCallId: string;
  /** The `tool_call` that starts it (and the permission request's toolCall, when `asks`). */
  call: Record<string, unknown>;
  /** The update that ends it. */
  end: Record<string, unknown>;
  /** Whether the agent asks permission with the call first. */
  asks: boolean;
  /** What the card should show. */
  expected: string;
}

const codexApproval =
  'Needs to list the workspace\nProposed Amendment: ls\n-la\nAvailable Decisions: approved\napproved_for_session\nabort';

function codexEnd(callId: string, command: string[], stdout: string, stderr: string, exitCode: number): Record<string, unknown> {
  return {
    call_id: callId,
    process_id: null,
    turn_id: 'turn-1',
    command,
    cwd: '/workspace',
    parsed_cmd: [],
    source: 'agent',
    interaction_input: null,
    stdout,
    stderr,
    aggregated_output: `${stdout}${stderr}`,
    exit_code: exitCode,
    duration: { secs: 0, nanos: 12000000 },
    formatted_output: `${stdout}${stderr}`,
    status: exitCode === 0 ? 'completed' : 'failed',
  };
}

export const REAL_TOOL_OUTPUTS: ShapedCommand[] = [
  {
    toolCallId: 'codex-ls',
    asks: true,
    call: {
      title: 'Run ls -la',
      kind: 'execute',
      rawInput: { command: ['/bin/bash', '-lc', 'ls -la'], cwd: '/workspace' },
      content: [{ type: 'content', content: { type: 'text', text: codexApproval } }],
    },
    end: { status: 'completed', rawOutput: codexEnd('codex-ls', ['/bin/bash', '-lc', 'ls -la'], 'a.txt\nb.txt\n', '', 0) },
    expected: 'a.txt\nb.txt',
  },
  {
    toolCallId: 'codex-false',
    asks: true,
    call: {
      title: 'Run false',
      kind: 'execute',
      rawInput: { command: ['/bin/bash', '-lc', 'false'], cwd: '/workspace' },
      content: [{ type: 'content', content: { type: 'text', text: codexApproval } }],
    },
    end: { status: 'failed', rawOutput: codexEnd('codex-false', ['/bin/bash', '-lc', 'false'], '', '', 1) },
    expected: 'The command printed nothing.\nExit code 1.',
  },
  {
    toolCallId: 'claude-bash',
    asks: false,
    call: {
      title: '`ls`',
      kind: 'execute',
      rawInput: { command: 'ls', description: 'Lists the files' },
      content: [{ type: 'content', content: { type: 'text', text: 'Lists the files' } }],
    },
    end: { status: 'completed', content: [{ type: 'content', content: { type: 'text', text: 'a.txt\nb.txt' } }] },
    expected: 'a.txt\nb.txt',
  },
  {
    toolCallId: 'gemini-ls',
    asks: false,
    call: { title: 'ls', kind: 'execute' },
    end: { status: 'completed' },
    expected: 'The agent reported no output.',
  },
];
