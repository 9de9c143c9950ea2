/**
 * Stop after a write was approved (a tab's Stop, or the relay closing): a write that has begun
 * ends, whole (a file is written beside and renamed into place, in a moment), and its card says
 * what it did; one that has not begun never does. Either way the turn ends there, without
 * another model request. Never half: the thread does not say a file was left alone that was written.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { createRecordingTurn } from '../../hub/testing/recording-turn';
import { scriptedSteps, useAgentFixture, useTool } from './testing/agent-support';

const fixture = useAgentFixture({ prefix: 'baton-stop-write-' });

const note = () => readFile(path.join(fixture.workspaceRoot, 'note.md'), 'utf8');

it('lets a write that has begun end, and its card says it was made', async () => {
  const agent = await fixture.agentWith(scriptedSteps(useTool('write_file', { path: 'note.md', content: 'hi' })));
  const recording = createRecordingTurn({ message: 'Write the note', decide: () => 'approved' });
  await agent.runTurn({
    ...recording.turn,
    trackFileChanges: (_paths, change) => {
      const writing = change();
      recording.stop();
      return writing;
    },
  });
  expect(await note()).toBe('hi');
  expect(recording.contents.find((content) => content.type === 'toolCalled')).toMatchObject({
    error: false,
    outputs: [{ type: 'text', text: expect.stringMatching(/^Created note\.md/) }],
  });
  expect(fixture.server?.requests).toHaveLength(1);
});

it('never begins a write that Stop came before', async () => {
  const agent = await fixture.agentWith(scriptedSteps(useTool('write_file', { path: 'note.md', content: 'hi' })));
  const recording = createRecordingTurn({ message: 'Write the note', decide: () => 'approved' });
  let changing: Promise<unknown> = Promise.resolve();
  await agent.runTurn({
    ...recording.turn,
    trackFileChanges: (_paths, change) => {
      recording.stop();
      const attempt = change();
      changing = attempt;
      return attempt;
    },
  });
  // Whatever the change came to is over: a write it began would be there now.
  await changing;
  await expect(note()).rejects.toMatchObject({ code: 'ENOENT' });
  expect(recording.contents.some((content) => content.type === 'toolCalled')).toBe(false);
  expect(fixture.server?.requests).toHaveLength(1);
});
