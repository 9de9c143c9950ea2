/**
 * The built-in agent's read_file leaves a `readFile` entry carrying the version it read (the
 * workspace's readTextFile version), recorded in the store like every other content, so a review
 * can tell which version of the file the agent saw. On both databases.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ThreadEntry } from '../../../lib/protocol/thread-model';
import { ThreadHub } from '../../hub/thread-hub';
import { replayedEntries, type RewindHarness, startRewindHarness } from '../../rewind/testing/rewind-support';
import { DATABASE_KINDS } from '../../store/testing/databases';
import { Workspace } from '../../workspace/workspace';
import { AgentRegistry } from '../agent-registry';
import { say, scriptedSteps, useAgentFixture, useTool } from './testing/agent-support';

const fixture = useAgentFixture({ prefix: 'baton-read-version-' });
let harness: RewindHarness | undefined;

afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const reads = (entries: readonly ThreadEntry[]) => entries.filter((entry) => entry.type === 'readFile');

describe.each(DATABASE_KINDS)('on %s', (database) => {
  it('records the version read beside the text, after the call, and tells the model the text once', async () => {
    await writeFile(path.join(fixture.workspaceRoot, 'notes.md'), 'first version\n');
    const agent = await fixture.agentWith(
      scriptedSteps(
        useTool('read_file', { path: 'notes.md' }),
        say('Read it.'),
        useTool('read_file', { path: 'notes.md' }),
        say('Read it again.'),
      ),
    );
    harness = await startRewindHarness(fixture.workspaceRoot, () => AgentRegistry.builtinOnly(agent), database);
    const workspace = new Workspace(fixture.workspaceRoot);
    const thread = await harness.hub.createThread();

    await harness.turn(thread.id, 'read the notes');
    const firstVersion = (await workspace.readTextFile('notes.md')).version;
    await writeFile(path.join(fixture.workspaceRoot, 'notes.md'), 'second version, longer\n');
    const secondVersion = (await workspace.readTextFile('notes.md')).version;
    expect(secondVersion).not.toBe(firstVersion);
    await harness.turn(thread.id, 'read them again');

    const entries = await harness.hub.getEntries(thread.id);
    const callIds = entries.flatMap((entry) => (entry.type === 'toolCall' ? [entry.id] : []));
    expect(reads(entries)).toEqual([
      { type: 'readFile', path: 'notes.md', content: 'first version\n', version: firstVersion, toolCallId: callIds[0] },
      { type: 'readFile', path: 'notes.md', content: 'second version, longer\n', version: secondVersion, toolCallId: callIds[1] },
    ]);
    // Right after the call that read it.
    const firstRead = entries.findIndex((entry) => entry.type === 'readFile');
    expect(entries[firstRead - 1]).toMatchObject({ type: 'toolCall', name: 'read_file', status: 'succeeded' });

    // The store holds it: a tab replaying the events and a relay loading the thread afresh see it too.
    expect(reads(await replayedEntries(harness.store, thread.id))).toEqual(reads(entries));
    const reloaded = new ThreadHub({
      store: harness.store,
      agents: AgentRegistry.builtinOnly(agent),
      broadcast: () => undefined,
      log: () => undefined,
    });
    expect(reads(await reloaded.getEntries(thread.id))).toEqual(reads(entries));
    await reloaded.close();

    // The call's result carried the text to the model; the entry does not say it a second time.
    const said = JSON.stringify(fixture.server!.requests.at(-1)?.messages);
    expect(said.split('first version').length - 1).toBe(1);
  });

  it('records no read for a read that failed', async () => {
    const agent = await fixture.agentWith(scriptedSteps(useTool('read_file', { path: 'missing.md' }), say('Not there.')));
    harness = await startRewindHarness(fixture.workspaceRoot, () => AgentRegistry.builtinOnly(agent), database);
    const thread = await harness.hub.createThread();
    await harness.turn(thread.id, 'read a missing file');
    const entries = await harness.hub.getEntries(thread.id);
    expect(entries.some((entry) => entry.type === 'toolCall' && entry.status === 'failed')).toBe(true);
    expect(reads(entries)).toEqual([]);
  });
});
