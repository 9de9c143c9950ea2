/**
 * A model endpoint that sends a tool call whose arguments nest 1,500 deep (within what
 * `JSON.stringify` survives, past SQLite's JSON limit of 1,000): the call is not run, the
 * thread keeps no such arguments, the model is told why, and the turn goes on.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../../../lib/json/json-bounds';
import { contentBlocks, type RequestMessage } from '../../demo-model/messages-request';
import { say, scriptedSteps, useAgentFixture, useTool } from './testing/agent-support';
import { createRecordingTurn } from '../../hub/testing/recording-turn';

const fixture = useAgentFixture({
  prefix: 'baton-deep-arguments-',
  async prepare({ workspaceRoot }) {
    await writeFile(path.join(workspaceRoot, 'a.md'), 'alpha\n');
  },
});

it('refuses arguments nested deeper than the limit, keeping none of them, and tells the model', async () => {
  const deep = JSON.parse(`${'['.repeat(1_500)}${']'.repeat(1_500)}`) as unknown;
  const agent = await fixture.agentWith(scriptedSteps(useTool('read_file', { path: 'a.md', extra: deep }), say('Understood.')));
  const turn = createRecordingTurn({ message: 'read a' });
  await agent.runTurn(turn.turn);

  const reason = `The arguments are nested deeper than ${MAX_JSON_DEPTH} levels of arrays and objects; the call was not run.`;
  const calls = turn.entries().flatMap((entry) => (entry.type === 'toolCall' ? [entry] : []));
  expect(calls).toMatchObject([{ name: 'read_file', status: 'failed', outputText: reason }]);
  expect(calls[0]?.arguments ?? {}).toEqual({});
  const results = (fixture.server?.requests[1]?.messages ?? []).flatMap((message) => contentBlocks(message as RequestMessage));
  expect(results.filter((block) => block.type === 'tool_result')).toMatchObject([{ is_error: true, content: reason }]);
  expect(turn.entries().at(-2)).toMatchObject({ type: 'message', role: 'assistant', chunks: [{ type: 'text', chunk: 'Understood.' }] });
});
