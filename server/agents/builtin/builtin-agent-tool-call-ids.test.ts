/**
 * A model endpoint that gives two tool calls the same id (in one answer, and again in a later
 * turn): every call keeps an entry of its own in the thread, and the endpoint gets each result
 * back under the id of its own call. The scripted model server speaks the real Messages API.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import type { ThreadEntry } from '../../../lib/protocol/thread-model';
import { contentBlocks, type RequestMessage } from '../../demo-model/messages-request';
import { say, scriptedSteps, useAgentFixture } from './testing/agent-support';
import { createRecordingTurn } from '../../hub/testing/recording-turn';

const fixture = useAgentFixture({
  prefix: 'baton-tool-call-ids-',
  async prepare({ workspaceRoot }) {
    await writeFile(path.join(workspaceRoot, 'a.md'), 'alpha\n');
    await writeFile(path.join(workspaceRoot, 'b.md'), 'beta\n');
  },
});

const twoReadsUnderOneId = {
  blocks: [
    { type: 'tool_use' as const, id: 'toolu_same', name: 'read_file', input: { path: 'a.md' } },
    { type: 'tool_use' as const, id: 'toolu_same', name: 'read_file', input: { path: 'b.md' } },
  ],
};

const toolCalls = (entries: readonly ThreadEntry[]) =>
  entries.flatMap((entry) => (entry.type === 'toolCall' ? [{ id: entry.id, path: entry.arguments?.path, status: entry.status }] : []));

it('keeps both calls of an answer that gave them one id, each with its own result', async () => {
  const agent = await fixture.agentWith(scriptedSteps(twoReadsUnderOneId, say('Read both.'), twoReadsUnderOneId, say('Again.')));
  const first = createRecordingTurn({ message: 'read a and b' });
  await agent.runTurn(first.turn);
  expect(toolCalls(first.entries())).toEqual([
    { id: 'toolu_same', path: 'a.md', status: 'succeeded' },
    { id: 'toolu_same~2', path: 'b.md', status: 'succeeded' },
  ]);
  const outputs = first.entries().flatMap((entry) => (entry.type === 'toolCall' ? [entry.outputText] : []));
  expect(outputs[0]).toContain('alpha');
  expect(outputs[1]).toContain('beta');

  // What went back to the endpoint: two calls, two results, each answering its own call.
  const followUp = fixture.server?.requests[1]?.messages ?? [];
  const blocks = followUp.slice(-2).flatMap((message) => contentBlocks(message as RequestMessage));
  expect(blocks.flatMap((block) => (block.type === 'tool_use' ? [block.id] : []))).toEqual(['toolu_same', 'toolu_same~2']);
  expect(blocks.flatMap((block) => (block.type === 'tool_result' ? [block.tool_use_id] : []))).toEqual(['toolu_same', 'toolu_same~2']);

  // A later turn of the same thread reusing the id again: new entries, the earlier ones untouched.
  const second = createRecordingTurn({ message: 'once more', history: first.entries() });
  await agent.runTurn(second.turn);
  expect(toolCalls(second.entries())).toEqual([
    { id: 'toolu_same', path: 'a.md', status: 'succeeded' },
    { id: 'toolu_same~2', path: 'b.md', status: 'succeeded' },
    { id: 'toolu_same~3', path: 'a.md', status: 'succeeded' },
    { id: 'toolu_same~4', path: 'b.md', status: 'succeeded' },
  ]);
});
