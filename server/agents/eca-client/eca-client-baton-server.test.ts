/**
 * The ECA client against a real ECA server: `baton eca-server` as a child process, running
 * Baton's built-in agent on the offline demo model or on a scripted model server, driven end to
 * end through the adapter as the relay drives it.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_FILE_PATH } from '../../demo-model/demo-script';
import { type ScriptedModelServer, startScriptedModelServer } from '../../demo-model/scripted-model-server';
import type { ModelScript } from '../../demo-model/scripted-reply';
import { PROJECT_ROOT } from '../../relay/project-root';
import { callToolsThenSay } from '../../eca-server/testing/eca-server-support';
import { createRecordingTurn } from '../../hub/testing/recording-turn';
import type { AgentEntry } from '../agents-config';
import { spokenText, useEcaClient } from './testing/eca-client-support';

const BATON_BIN = path.join(PROJECT_ROOT, 'bin', 'baton.mjs');
const ofType = (type: string) => (content: { type: string }) => content.type === type;

describe('ECA client driving `baton eca-server`', () => {
  const fixture = useEcaClient('baton-eca-client-real-');
  let model: ScriptedModelServer | undefined;
  let dataDir: string | undefined;

  afterEach(async () => {
    await model?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    model = dataDir = undefined;
  });

  async function batonServer(script?: ModelScript): Promise<Extract<AgentEntry, { kind: 'eca' }>> {
    // The data folder stays out of the workspace, as a relay's does.
    dataDir = await mkdtemp(path.join(tmpdir(), 'baton-eca-client-data-'));
    model = script ? await startScriptedModelServer({ script }) : undefined;
    return {
      kind: 'eca',
      command: process.execPath,
      args: [BATON_BIN, 'eca-server', '--workspace', fixture.workspaceRoot, '--data-dir', dataDir],
      env: model ? { ANTHROPIC_API_KEY: 'test', ANTHROPIC_BASE_URL: model.url } : {},
      passEnv: [],
    };
  }

  it('runs the offline demo: streamed text, an approval on the card, the file written', async () => {
    const backend = fixture.backend(await batonServer());
    const recording = createRecordingTurn({ message: 'Show me what you can do', decide: () => 'approved' });
    await backend.runTurn(recording.turn);

    expect(backend.info.model).toBe('offline-demo');
    expect(spokenText(recording.contents).length).toBeGreaterThan(20);
    const runs = recording.contents.filter(ofType('toolCallRun'));
    expect(runs.filter((run) => run.type === 'toolCallRun' && run.manualApproval)).toEqual([
      expect.objectContaining({ name: 'write_file', server: 'ECA' }),
    ]);
    expect(recording.approvalsAsked).toHaveLength(1);
    expect(recording.contents.find((content) => content.type === 'toolCalled' && content.name === 'write_file')).toMatchObject({
      error: false,
      details: { type: 'fileChange', path: DEMO_FILE_PATH },
    });
    expect(existsSync(path.join(fixture.workspaceRoot, DEMO_FILE_PATH))).toBe(true);
    // The server's echo of the user's message and its progress are the relay's to record, not the turn's.
    expect(recording.contents.some((content) => content.type === 'text' && content.text === 'Show me what you can do')).toBe(false);
    expect(recording.entries().filter((entry) => entry.type === 'message' && entry.role === 'user')).toHaveLength(1);
  });

  it('Stop ends a turn that is streaming, through chat/promptStop', async () => {
    let requests = 0;
    const script: ModelScript = () => {
      requests++;
      return {
        blocks: [{ type: 'text', text: 'One two three four five six seven eight nine ten.' }],
        // The first answer stops half-way until the client goes away: only Stop can end that turn.
        beforeDelta: (index, disconnected) =>
          requests === 1 && index >= 2
            ? new Promise<void>((resolve) => disconnected.addEventListener('abort', () => resolve(), { once: true }))
            : undefined,
      };
    };
    const backend = fixture.backend(await batonServer(script));
    const stop = new AbortController();
    const recording = createRecordingTurn({
      message: 'Count slowly',
      stopSignal: stop.signal,
      onContent: (content) => {
        if (content.type === 'text') stop.abort();
      },
    });
    await backend.runTurn(recording.turn);
    expect(spokenText(recording.contents)).toMatch(/^One/);
    expect(fixture.logs.join('\n')).not.toMatch(/shutting the server down/);

    // The same chat answers the next prompt.
    const next = createRecordingTurn({ message: 'Again', agentSessionId: recording.savedAgentSession()!, history: recording.entries() });
    await backend.runTurn(next.turn);
    expect(next.notes).toEqual([]);
    expect(spokenText(next.contents)).toContain('One two three');
  });

  it('the relay’s deny rule answers the real server without asking', async () => {
    const script = callToolsThenSay([{ name: 'write_file', input: { path: 'denied.txt', content: 'no\n' } }], 'Understood.');
    const backend = fixture.backend(await batonServer(script), { rules: [{ tool: 'write_file', decision: 'deny' }] });
    const recording = createRecordingTurn({ message: 'Write denied.txt', decide: () => 'approved' });
    await backend.runTurn(recording.turn);
    expect(recording.approvalsAsked).toEqual([]);
    expect(recording.contents.filter(ofType('toolCallRejected'))).toEqual([expect.objectContaining({ reason: 'user-config' })]);
    expect(existsSync(path.join(fixture.workspaceRoot, 'denied.txt'))).toBe(false);
    expect(spokenText(recording.contents)).toContain('Understood.');
  });
});
