import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmacsAgentSseEvent } from '../../../lib/protocol/emacs-agent/sse-events';
import { Workspace } from '../../workspace/workspace';
import { ApprovalPolicy } from '../../guard/approval-policy';
import type { ToolApprovalRule } from '../../guard/agent-config';
import { contentOutline, createRecordingTurn } from '../../hub/testing/recording-turn';
import { PermissionGate } from '../external/permission-gate';
import type { EmacsAgentClient } from './emacs-agent-client';
import { EmacsAgentTurn, EmacsAgentTurnError } from './emacs-agent-turn';
import { FileChangeTracker } from './file-change-tracker';
import type { SessionEventStream } from './session-event-stream';

let workspaceRoot = '';
beforeAll(async () => {
  workspaceRoot = await mkdtemp(path.join(tmpdir(), 'baton-emacs-agent-turn-'));
});
afterAll(() => rm(workspaceRoot, { recursive: true, force: true }));

/** Runs a turn over a fixed list of events, as the stream would deliver them; records the REST calls. */
async function runEvents(events: EmacsAgentSseEvent[], { skipFirstIdle = false, rules = [] as ToolApprovalRule[] } = {}) {
  const queue = [...events];
  const stream = { next: async () => ({ event: queue.shift()!, id: undefined }) } as unknown as SessionEventStream;
  const calls: string[] = [];
  const client = { call: async (name: string) => void calls.push(name) } as unknown as EmacsAgentClient;
  const logs: string[] = [];
  const recording = createRecordingTurn({ message: 'm', decide: () => 'approved' });
  const policy = new ApprovalPolicy(rules);
  const turn = new EmacsAgentTurn({
    turn: recording.turn,
    sessionId: 's',
    client,
    stream,
    gate: new PermissionGate(policy),
    policy,
    files: new FileChangeTracker(new Workspace(workspaceRoot), (line) => logs.push(line)),
    agentName: 'emacs',
    log: (line) => logs.push(line),
    stopGraceMs: 1_000,
    skipFirstIdle,
  });
  const outcome = await turn.run().catch((error: unknown) => error);
  return { outcome, contents: recording.contents, calls, logs, left: queue.length };
}

const idle: EmacsAgentSseEvent = { type: 'agent.state', state: 'idle' };
const say = (content: string): EmacsAgentSseEvent => ({ type: 'message.delta', content, role: 'assistant' });

describe('EmacsAgentTurn', () => {
  it('skips the idle a stopped turn left behind, and only that', async () => {
    const { outcome, contents, left } = await runEvents([idle, say('new'), idle, say('next turn')], { skipFirstIdle: true });
    expect(outcome).toBe('idle');
    expect(contents).toEqual([{ type: 'text', text: 'new' }]);
    expect(left).toBe(1);
  });

  it('ends at the first idle when nothing is left over', async () => {
    const { contents } = await runEvents([say('a'), idle, say('b')]);
    expect(contents).toEqual([{ type: 'text', text: 'a' }]);
  });

  it('fails on an error state without an error event, with its details', async () => {
    const { outcome } = await runEvents([{ type: 'agent.state', state: 'error', details: 'MCP server crashed' }]);
    expect(outcome).toBeInstanceOf(EmacsAgentTurnError);
    expect((outcome as Error).message).toBe('emacs reported an error: MCP server crashed');
  });

  it('says an error in the answer when the turn carries on to idle', async () => {
    const { contents } = await runEvents([{ type: 'error', message: 'Slow disk' }, idle]);
    expect(contents).toEqual([{ type: 'text', text: '\n\n> **emacs reported an error:** Slow disk\n\n' }]);
  });

  it('shows a call the backend runs without asking, and logs when the config would not have allowed it', async () => {
    const { contents, calls, logs } = await runEvents(
      [
        { type: 'tool.call', tool_call_id: 't1', tool: 'shell_exec', params: { command: 'ls' }, requires_approval: false },
        { type: 'tool.result', tool_call_id: 't1', status: 'success', result: { files: ['a'] } },
        idle,
      ],
      { rules: [{ tool: 'shell_exec', decision: 'deny' }] },
    );
    expect(contentOutline(contents)).toEqual(['toolCallRun:shell_exec', 'toolCallRunning:shell_exec', 'toolCalled:shell_exec']);
    expect(contents[2]).toMatchObject({ outputs: [{ type: 'text', text: '{\n  "files": [\n    "a"\n  ]\n}' }] });
    expect(calls).toEqual([]);
    expect(logs).toContain("emacs runs shell_exec without asking, although Baton's config says deny");
  });

  it('reports a result and a file change of calls it never saw', async () => {
    const { contents } = await runEvents([
      { type: 'tool.result', tool_call_id: 'old', status: 'error', message: 'boom' },
      { type: 'file.changed', path: 'src/a.rs', operation: 'delete', timestamp: 't' },
      idle,
    ]);
    expect(contents[0]).toMatchObject({ type: 'toolCalled', id: 'old', name: 'tool', error: true, outputs: [{ text: 'boom' }] });
    expect(contents[1]).toMatchObject({ type: 'toolCalled', name: 'delete', summary: 'delete src/a.rs', arguments: { path: 'src/a.rs' } });
  });

  it('approves a call the user approves and shows the edit it would make', async () => {
    await writeFile(path.join(workspaceRoot, 'a.txt'), 'one\ntwo\n');
    const { contents, calls } = await runEvents([
      {
        type: 'tool.call',
        tool_call_id: 'e',
        tool: 'edit_file',
        params: { path: 'a.txt', old: 'two', new: 'three' },
        requires_approval: true,
      },
      { type: 'tool.result', tool_call_id: 'e', status: 'success', result: 'ok' },
      idle,
    ]);
    expect(calls).toEqual(['approveToolCall']);
    expect(contents[0]).toMatchObject({
      type: 'toolCallRun',
      manualApproval: true,
      details: { path: 'a.txt', linesAdded: 1, linesRemoved: 1 },
    });
    expect(contentOutline(contents)).toEqual(['toolCallRun:edit_file', 'toolCallRunning:edit_file', 'toolCalled:edit_file']);
  });
});
