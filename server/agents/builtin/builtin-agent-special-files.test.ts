/**
 * A hostile workspace holds a FIFO, a socket and (as root) a `/dev/zero` twin. Every way the
 * built-in agent opens a file answers "not a regular file" at once, and Stop ends a turn whatever
 * its tool does.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contentBlocks, type RequestMessage } from '../../demo-model/messages-request';
import { makeSpecialFiles, type SpecialFiles } from '../../workspace/testing/special-files-support';
import { say, scriptedSteps, useAgentFixture, useTool } from './testing/agent-support';
import { createRecordingTurn } from '../../hub/testing/recording-turn';
import { defineTool } from './tools/builtin-tool';

let specials: SpecialFiles | undefined;
const fixture = useAgentFixture({
  prefix: 'baton-special-agent-',
  async prepare({ workspaceRoot }) {
    await writeFile(path.join(workspaceRoot, 'notes.txt'), 'needle in a plain file\n');
    specials = await makeSpecialFiles(workspaceRoot);
  },
});
afterEach(() => specials?.close());

const toolResultsOf = (requestIndex: number) =>
  contentBlocks(fixture.server?.requests[requestIndex]?.messages.at(-1) as RequestMessage).filter((block) => block.type === 'tool_result');

describe('special files in the workspace', () => {
  it('are refused by read_file with what they are, and skipped by grep, within one turn that ends', async () => {
    const files = specials?.files ?? [];
    const agent = await fixture.agentWith(
      scriptedSteps(...files.map(({ name }) => useTool('read_file', { path: name })), useTool('grep', { pattern: 'needle' }), say('Done.')),
    );
    const recording = createRecordingTurn({ message: 'Read them all', decide: () => 'approved' });
    await agent.runTurn(recording.turn);

    const called = recording.contents.filter((content) => content.type === 'toolCalled');
    expect(called.map((content) => content.type === 'toolCalled' && [content.error, content.outputs[0]])).toEqual([
      ...files.map(({ name, kind }) => [
        true,
        { type: 'text', text: `${name} is ${kind}, not a regular file; only regular files can be read or written.` },
      ]),
      [false, { type: 'text', text: 'notes.txt:1: needle in a plain file' }],
    ]);
    expect(toolResultsOf(1)).toEqual([expect.objectContaining({ is_error: true })]);
  });

  it('are attached to a prompt as a note, not read', async () => {
    const agent = await fixture.agentWith(scriptedSteps(say('Noted.')));
    const contexts = (specials?.files ?? []).map(({ name }) => ({ type: 'file' as const, path: name }));
    await agent.runTurn(createRecordingTurn({ message: 'Look', contexts }).turn);
    const [attached] = contentBlocks(fixture.server?.requests[0]?.messages.at(-1) as RequestMessage);
    for (const { name, kind } of specials?.files ?? []) {
      expect(attached).toMatchObject({ text: expect.stringContaining(`(Could not be included: ${name} is ${kind}, not a regular file;`) });
    }
  });
});

describe('Stop', () => {
  it('ends a turn whose tool never returns and ignores the signal, hands over what still runs, and the next turn works', async () => {
    let calls = 0;
    let pressStop: () => void = () => undefined;
    const stuck = defineTool({
      name: 'stuck',
      description: 'Never returns.',
      inputSchema: z.object({}),
      readOnly: true,
      async prepare() {
        return {
          summary: 'Waiting forever',
          execute: () => {
            calls += 1;
            // Stop comes once the tool runs: one Stop came before would never begin.
            pressStop();
            return new Promise<string>(() => undefined);
          },
        };
      },
    });
    const agent = await fixture.agentWith(scriptedSteps(useTool('stuck', {}), useTool('read_file', { path: 'notes.txt' })), {
      extraTools: () => [stuck],
    });
    const first = createRecordingTurn({ message: 'Wait' });
    pressStop = () => first.stop();
    const leftRunning: Promise<unknown>[] = [];
    await agent.runTurn({ ...first.turn, leaveRunning: (work) => leftRunning.push(work) });
    expect(calls).toBe(1);
    expect(first.contents.some((content) => content.type === 'toolCalled')).toBe(false);
    // The hub is told what still runs: a relay's close waits for it.
    expect(leftRunning).toHaveLength(1);

    const second = createRecordingTurn({ message: 'Read notes' });
    await agent.runTurn(second.turn);
    expect(second.contents.find((content) => content.type === 'toolCalled')).toMatchObject({
      error: false,
      outputs: [{ text: 'needle in a plain file\n' }],
    });
  });
});
