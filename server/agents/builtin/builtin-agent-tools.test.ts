import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentBlocks, type RequestMessage } from '../../demo-model/messages-request';
import type { ModelScript } from '../../demo-model/scripted-reply';
import type { ApprovalDecision } from '../agent-backend';
import { useAgentFixture } from './testing/agent-support';
import { contentOutline, createRecordingTurn } from '../../hub/testing/recording-turn';

const fixture = useAgentFixture({
  prefix: 'baton-tools-',
  nestWorkspace: true,
  async prepare({ base, workspaceRoot }) {
    await writeFile(path.join(workspaceRoot, 'notes.md'), 'alpha\nbeta\nalpha\ngamma\n');
    await writeFile(path.join(base, 'outside.txt'), 'secret\n');
  },
});

/** A model that calls one tool, then ends the turn once it gets the result. */
function callOnce(name: string, input: Record<string, unknown>): ModelScript {
  return (request) => {
    const last = request.messages.at(-1) as RequestMessage;
    const answered = contentBlocks(last).some((block) => block.type === 'tool_result');
    return answered ? { blocks: [{ type: 'text', text: 'Noted.' }] } : { blocks: [{ type: 'tool_use', name, input }] };
  };
}

async function runTool(name: string, input: Record<string, unknown>, decision: ApprovalDecision = 'approved') {
  const agent = await fixture.agentWith(callOnce(name, input));
  const recording = createRecordingTurn({ message: 'Use the tool', decide: () => decision });
  await agent.runTurn(recording.turn);
  const toolResult = contentBlocks(fixture.server?.requests[1]?.messages.at(-1) as RequestMessage)[0];
  const called = recording.contents.find((content) => content.type === 'toolCalled');
  return { recording, toolResult, called };
}

const notes = () => readFile(path.join(fixture.workspaceRoot, 'notes.md'), 'utf8');

describe('edit_file', () => {
  it('replaces the one exact occurrence after approval, showing the diff first', async () => {
    const { recording, called } = await runTool('edit_file', { path: 'notes.md', old_text: 'beta\n', new_text: 'BETA\n' });
    expect(await notes()).toBe('alpha\nBETA\nalpha\ngamma\n');
    const run = recording.contents.find((content) => content.type === 'toolCallRun');
    expect(run).toMatchObject({ manualApproval: true, details: { path: 'notes.md', linesAdded: 1, linesRemoved: 1 } });
    expect(run?.type === 'toolCallRun' && run.details?.diff).toContain('-beta\n+BETA');
    expect(called).toMatchObject({ error: false, outputs: [{ text: 'Edited notes.md (+1 -1 lines).' }] });
  });

  it('fails without asking when old_text is missing, and tells the model', async () => {
    const { recording, toolResult, called } = await runTool('edit_file', {
      path: 'notes.md',
      old_text: 'delta',
      new_text: 'x',
    });
    expect(recording.approvalsAsked).toEqual([]);
    expect(contentOutline(recording.contents)).toEqual(['toolCallPrepare:edit_file', 'toolCalled:edit_file', 'text', 'usage']);
    expect(called).toMatchObject({ error: true, outputs: [{ text: expect.stringContaining('old_text was not found in notes.md') }] });
    expect(toolResult).toMatchObject({ is_error: true, content: expect.stringContaining('was not found') });
    expect(await notes()).toBe('alpha\nbeta\nalpha\ngamma\n');
  });

  it('fails when old_text occurs more than once', async () => {
    const { called } = await runTool('edit_file', { path: 'notes.md', old_text: 'alpha', new_text: 'x' });
    expect(called).toMatchObject({ error: true, outputs: [{ text: expect.stringContaining('occurs 2 times in notes.md') }] });
    expect(await notes()).toBe('alpha\nbeta\nalpha\ngamma\n');
  });

  it('re-checks the file at run time, in case it changed while waiting for approval', async () => {
    const agent = await fixture.agentWith(callOnce('edit_file', { path: 'notes.md', old_text: 'gamma', new_text: 'GAMMA' }));
    const recording = createRecordingTurn({
      message: 'Edit',
      decide: async (): Promise<ApprovalDecision> => {
        await writeFile(path.join(fixture.workspaceRoot, 'notes.md'), 'rewritten meanwhile\n');
        return 'approved';
      },
    });
    await agent.runTurn(recording.turn);
    expect(recording.contents.find((content) => content.type === 'toolCalled')).toMatchObject({ error: true });
    expect(await notes()).toBe('rewritten meanwhile\n');
  });
});

describe('workspace jail and bad input', () => {
  it('refuses to read outside the workspace', async () => {
    const { called, toolResult } = await runTool('read_file', { path: '../outside.txt' });
    expect(called).toMatchObject({ error: true, outputs: [{ text: expect.stringContaining('outside the workspace') }] });
    expect(toolResult).toMatchObject({ is_error: true });
  });

  it('refuses to write outside the workspace without asking for approval', async () => {
    const target = path.join(fixture.base, 'planted.txt');
    const { recording, called } = await runTool('write_file', { path: target, content: 'x' });
    expect(recording.approvalsAsked).toEqual([]);
    expect(called).toMatchObject({ error: true });
    await expect(readFile(target)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('answers invalid input and unknown tools with a tool error, not a crash', async () => {
    const invalid = await runTool('write_file', { path: 'a.md' });
    expect(invalid.called).toMatchObject({
      error: true,
      outputs: [{ text: expect.stringMatching(/^Invalid input for write_file: content: /) }],
    });
    await fixture.agent?.close();
    await fixture.server?.close();
    const unknown = await runTool('delete_everything', {});
    expect(unknown.called).toMatchObject({
      error: true,
      outputs: [
        {
          text: 'There is no tool named delete_everything; the tools are read_file, directory_tree, grep, glob, write_file, edit_file, move_file, shell_command.',
        },
      ],
    });
  });

  it('reports a missing file as a failed read', async () => {
    const { recording, called } = await runTool('read_file', { path: 'missing.md' });
    expect(contentOutline(recording.contents)).toContain('toolCallRunning:read_file');
    expect(called).toMatchObject({ error: true, outputs: [{ text: 'The file missing.md does not exist.' }] });
  });

  it('reads a range of lines', async () => {
    const { called } = await runTool('read_file', { path: 'notes.md', offset: 1, limit: 2 });
    expect(called).toMatchObject({ error: false, outputs: [{ text: 'beta\nalpha\n' }] });
  });
});
