/**
 * The review after a relay restart, for what thread-review-reload.test.ts does not record: calls
 * that a config rule allowed (named with its file) or refused, and one Baton's default rules
 * allowed (nobody was asked), and a priced model's costs. The
 * built-in agent's own usage tally lives in memory, so the header's cost must come from the store;
 * the export says the same, and an imported copy keeps it.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { connectRelayClient, isTurnFinished } from '../../e2e/support/relay-client';
import { approvalLabel } from '../../lib/thread/review-labels';
import { say, useTool } from '../agents/builtin/testing/agent-support';
import type { ScriptedReply } from '../demo-model/scripted-reply';
import { startScriptedModelServer } from '../demo-model/scripted-model-server';
import { startTestRelay, type TestRelay } from '../relay/testing/relay-support';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** A model the catalog prices, so each turn reports a cost. */
const PRICED_MODEL = 'claude-sonnet-4-6';

it("shows calls a config rule allowed or refused, one Baton's defaults allowed, and the costs, after a restart and in an imported copy", async () => {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'baton-review-rule-'));
  cleanups.push(() => rm(folder, { recursive: true, force: true }));
  const dataDir = path.join(folder, '.baton');
  await mkdir(dataDir);
  await writeFile(
    path.join(dataDir, 'config.json'),
    JSON.stringify({
      toolApproval: [
        { tool: 'write_file', decision: 'allow' },
        { tool: 'shell_command', decision: 'deny' },
      ],
    }),
  );
  const steps: ScriptedReply[] = [
    useTool('write_file', { path: 'notes.md', content: 'kept\n' }),
    useTool('shell_command', { command: 'echo no' }),
    useTool('read_file', { path: 'notes.md' }),
    say('One written, one refused, one read.'),
    say('Still here.'),
  ];
  let next = 0;
  const model = await startScriptedModelServer({ script: () => steps[next++] ?? say('Done.') });
  cleanups.push(() => model.close());
  const env = { NODE_ENV: 'test' as const, ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: model.url, BATON_MODEL: PRICED_MODEL };
  const options = { workspaceRoot: folder, dataDir, env };
  let relay: TestRelay = await startTestRelay(options);
  let client = await connectRelayClient({ origin: relay.origin, token: relay.relay.token });

  const { threadId } = await client.rpc.request('createThread', null);
  await client.rpc.request('openThread', { threadId });
  await client.rpc.request('chat/prompt', { chatId: threadId, message: 'write and run' });
  await until(() => client.received.filter(isTurnFinished).length === 1);
  await client.rpc.request('chat/prompt', { chatId: threadId, message: 'and again' });
  await until(() => client.received.filter(isTurnFinished).length === 2);
  // Nobody was asked: the rules decided both calls.
  expect(client.received.some((params) => params.content.type === 'toolCallRun' && params.content.manualApproval)).toBe(false);
  const liveDetails = await client.rpc.request('thread/details', { threadId });
  client.close();
  await relay.relay.close();

  relay = await startTestRelay({ ...options, port: relay.port });
  cleanups.push(() => relay.relay.close());
  client = await connectRelayClient({ origin: relay.origin, token: relay.relay.token });
  cleanups.push(() => client.close());
  const { entries } = await client.rpc.request('getThreadEntries', { threadId });
  const calls = entries.filter((entry) => entry.type === 'toolCall');
  expect(calls.map((call) => [call.name, call.status, call.approval])).toEqual([
    [
      'write_file',
      'succeeded',
      { decision: 'approved', by: 'config-rule', rule: { file: '.baton/config.json', rule: 'allow write_file' } },
    ],
    ['shell_command', 'rejected', { decision: 'rejected', by: 'config-rule' }],
    ['read_file', 'succeeded', { decision: 'approved', by: 'default-rule' }],
  ]);
  const labels = calls.map((call) => approvalLabel(call.approval!));
  expect(labels).toEqual(['Allowed by a rule in .baton/config.json', 'Refused by a config rule', "Allowed by Baton's default rules"]);

  // Each turn's usage carries its cost, and the header's total is theirs, read from the store.
  const summaries = entries.filter((entry) => entry.type === 'turnSummary');
  // The built-in agent writes them as ECA does: "$0.0018".
  const turnCosts = summaries.map((summary) => Number(summary.usage?.lastMessageCost?.replace('$', '')));
  expect(turnCosts).toHaveLength(2);
  expect(turnCosts.every((cost) => cost > 0)).toBe(true);
  const details = await client.rpc.request('thread/details', { threadId });
  expect(details).toEqual(liveDetails);
  expect(details.model).toBe(PRICED_MODEL);
  expect(details.totalCost).toBeCloseTo(turnCosts[0]! + turnCosts[1]!, 10);

  const markdown = await client.rpc.request('thread/export', { threadId, format: 'markdown' });
  for (const label of labels) expect(markdown.content).toContain(label);
  expect(markdown.content).not.toContain('no priced turn');

  const json = await client.rpc.request('thread/export', { threadId, format: 'json' });
  const { threadId: copyId } = await client.rpc.request('thread/import', { content: json.content });
  expect((await client.rpc.request('getThreadEntries', { threadId: copyId })).entries).toEqual(entries);
  expect(await client.rpc.request('thread/details', { threadId: copyId })).toMatchObject({
    totalCost: details.totalCost,
    totalTokens: details.totalTokens,
  });
});
