import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ThreadEntry } from '../../../lib/protocol/thread-model';
import { createDemoScript, DEMO_FILE_PATH, DEMO_LINK, demoFileContent } from '../../demo-model/demo-script';
import { createGate } from '../../demo-model/testing/gate';
import { contentBlocks, type RequestMessage } from '../../demo-model/messages-request';
import { useAgentFixture } from './testing/agent-support';
import { contentOutline, createRecordingTurn } from '../../hub/testing/recording-turn';

const fixture = useAgentFixture({
  prefix: 'baton-agent-',
  prepare: ({ workspaceRoot }) => writeFile(path.join(workspaceRoot, 'README.md'), '# Sample project\n\nIt does things.\n'),
});

/** As the offline demo runs: the script thinks only when the request enables thinking. */
const thinking = { thinkingBudgetTokens: 1024 };

const demo = createDemoScript({ delayBetweenDeltasMs: 0 });
const prompt = 'Add a demo file';

/** The answer the turn ended with (the usage reported after it is an entry of its own). */
function lastAnswer(entries: readonly ThreadEntry[]): string {
  const last = entries.findLast((entry) => entry.type !== 'turnSummary');
  return last?.type === 'message' ? last.chunks.map((chunk) => chunk.chunk).join('') : '';
}

function lastMessage(): RequestMessage {
  return fixture.server?.requests.at(-1)?.messages.at(-1) as RequestMessage;
}

describe('BuiltinAgent with the demo script', () => {
  it('streams, reads README.md, and writes the file once the edit is approved', async () => {
    const recording = createRecordingTurn({ message: prompt, decide: () => 'approved' });
    await (await fixture.agentWith(demo, thinking)).runTurn(recording.turn);

    expect(contentOutline(recording.contents)).toEqual([
      'reasonStarted',
      'reasonText',
      'reasonFinished',
      'text',
      'url',
      'text',
      'toolCallPrepare:read_file',
      'toolCallRun:read_file',
      'toolCallRunning:read_file',
      'toolCalled:read_file',
      // The read, with the version read, right after the call that read it.
      'fileRead',
      'reasonStarted',
      'reasonText',
      'reasonFinished',
      'text',
      'toolCallPrepare:write_file',
      'toolCallRun:write_file',
      'toolCallRunning:write_file',
      'toolCalled:write_file',
      'text',
      'usage',
    ]);
    expect(recording.contents.find((content) => content.type === 'url')).toEqual({ type: 'url', ...DEMO_LINK });
    expect(recording.contents.at(-1)).toEqual({
      type: 'usage',
      sessionTokens: expect.any(Number),
      messageInputTokens: expect.any(Number),
      messageOutputTokens: expect.any(Number),
    });
    expect(recording.contents.filter((content) => content.type === 'text').length).toBeGreaterThan(10);
    const readRun = recording.contents.find((content) => content.type === 'toolCallRun' && content.name === 'read_file');
    expect(readRun).toMatchObject({ manualApproval: false, arguments: { path: 'README.md' }, summary: 'Reading README.md' });
    const writeRun = recording.contents.find((content) => content.type === 'toolCallRun' && content.name === 'write_file');
    expect(writeRun).toMatchObject({
      manualApproval: true,
      details: { type: 'fileChange', path: DEMO_FILE_PATH, linesAdded: demoFileContent(prompt).split('\n').length - 1, linesRemoved: 0 },
    });
    expect(writeRun?.type === 'toolCallRun' && writeRun.details?.diff).toContain(`+> ${prompt}`);
    expect(recording.approvalsAsked).toEqual([writeRun?.type === 'toolCallRun' ? writeRun.id : 'missing']);

    expect(await readFile(path.join(fixture.workspaceRoot, DEMO_FILE_PATH), 'utf8')).toBe(demoFileContent(prompt));
    const entries = recording.entries();
    expect(entries.filter((entry) => entry.type === 'toolCall').map((entry) => entry.type === 'toolCall' && entry.status)).toEqual([
      'succeeded',
      'succeeded',
    ]);
    expect(lastAnswer(entries)).toContain('Done: I wrote `baton-demo.md`');
    // The model saw the README's content as the read_file result.
    const readResult = contentBlocks(fixture.server?.requests[1]?.messages.at(-1) as RequestMessage)[0];
    expect(readResult).toMatchObject({ type: 'tool_result', content: '# Sample project\n\nIt does things.\n' });
    // The thinking went back first and unchanged on the tool-use round, as the API requires.
    const answered = contentBlocks(fixture.server?.requests[1]?.messages.at(-2) as RequestMessage);
    expect(answered[0]).toMatchObject({ type: 'thinking', signature: expect.stringMatching(/^scripted-/) });
    expect(fixture.server?.requests[0]).toMatchObject({ thinking: { type: 'enabled', budget_tokens: 1024 } });
  });

  it('leaves the file alone when the edit is rejected, and tells the model so', async () => {
    const recording = createRecordingTurn({ message: prompt, decide: () => 'rejected' });
    await (await fixture.agentWith(demo, thinking)).runTurn(recording.turn);

    await expect(readFile(path.join(fixture.workspaceRoot, DEMO_FILE_PATH))).rejects.toMatchObject({ code: 'ENOENT' });
    expect(contentOutline(recording.contents).slice(-4)).toEqual([
      'toolCallRun:write_file',
      'toolCallRejected:write_file',
      'text',
      'usage',
    ]);
    expect(recording.contents.find((content) => content.type === 'toolCallRejected')).toMatchObject({ reason: 'user-choice' });
    expect(contentBlocks(lastMessage())).toMatchObject([
      { type: 'tool_result', is_error: true, content: 'The user rejected this tool call.' },
    ]);
    expect(lastAnswer(recording.entries())).toContain('You rejected the edit');
  });

  it('maps a finished thread back into a conversation the API accepts', async () => {
    const first = createRecordingTurn({ message: prompt, decide: () => 'rejected' });
    await (await fixture.agentWith(demo, thinking)).runTurn(first.turn);
    const second = createRecordingTurn({ message: 'Once more', history: first.entries(), decide: () => 'approved' });
    await fixture.agent?.runTurn(second.turn);

    // The scripted server refuses unpaired tool_use/tool_result blocks with a 400, so getting here
    // means the history was valid; the roles must also alternate.
    const roles = fixture.server?.requests[3]?.messages.map((message) => message.role);
    expect(roles?.every((role, index) => role === (index % 2 === 0 ? 'user' : 'assistant'))).toBe(true);
    expect(await readFile(path.join(fixture.workspaceRoot, DEMO_FILE_PATH), 'utf8')).toBe(demoFileContent('Once more'));
  });
});

describe('BuiltinAgent stopping', () => {
  it('ends the turn promptly when Stop is pressed mid-stream, aborting the HTTP stream', async () => {
    const serverSawDisconnect = createGate();
    const recording = createRecordingTurn({
      message: 'Talk',
      onContent: (_content, recorded) => {
        if (recorded.length === 2) recording.stop();
      },
    });
    const stalledAgent = await fixture.agentWith(() => ({
      blocks: [{ type: 'text', text: 'one two three four five' }],
      // Held for good at the third delta: only an abort can end this turn.
      beforeDelta: (index, disconnected) =>
        index === 2 ? new Promise<void>(() => disconnected.addEventListener('abort', () => serverSawDisconnect.open())) : undefined,
    }));

    await stalledAgent.runTurn(recording.turn);
    expect(recording.contents).toEqual([
      { type: 'text', text: 'one ' },
      { type: 'text', text: 'two ' },
    ]);
    await serverSawDisconnect.promise;
  });

  it('stops waiting for an approval when Stop is pressed, without writing', async () => {
    const recording = createRecordingTurn({ message: prompt });
    recording.turn.awaitApproval = async () => {
      recording.stop();
      return new Promise(() => undefined);
    };
    await (await fixture.agentWith(demo)).runTurn(recording.turn);
    expect(contentOutline(recording.contents).at(-1)).toBe('toolCallRun:write_file');
    await expect(readFile(path.join(fixture.workspaceRoot, DEMO_FILE_PATH))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('close() ends a running turn and the agent', async () => {
    const recording = createRecordingTurn({
      message: 'Talk',
      onContent: () => void fixture.agent?.close(),
    });
    const stalledAgent = await fixture.agentWith(() => ({
      blocks: [{ type: 'text', text: 'one two three' }],
      beforeDelta: (index) => (index === 1 ? new Promise<void>(() => undefined) : undefined),
    }));
    await stalledAgent.runTurn(recording.turn);
    expect(recording.contents).toHaveLength(1);
  });
});
