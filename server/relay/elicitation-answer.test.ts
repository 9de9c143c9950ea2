/**
 * `thread/answerElicitation` over the socket, with the fake ACP agent as the relay's own child
 * process: an answer whose values do not fit the question's form is refused as invalid params,
 * saying what is wrong, and the question still waits; the good answer then reaches the agent; an
 * answer to a question that waits no more is refused too.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { ErrorCodes } from '../../lib/protocol/json-rpc';
import { fakeAgentEntry } from '../../e2e/support/fake-agents';
import { pairedCredential } from './testing/paired-credential';
import { connectRelayClient, type RelayClient } from '../../e2e/support/relay-client';
import { type InitializedRelayClient, startInitializedRelayClient } from './testing/relay-support';

let session: InitializedRelayClient | undefined;
let dataParent: string | undefined;

afterEach(async () => {
  await session?.close();
  if (dataParent) await rm(dataParent, { recursive: true, force: true });
});

/** A relay with the fake ACP agent, a tab of the main token, and a thread whose question waits. */
async function askedQuestion(): Promise<{ rpc: RelayClient['rpc']; threadId: string; elicitationId: string }> {
  dataParent = await mkdtemp(path.join(os.tmpdir(), 'baton-elicitation-'));
  const dataDir = path.join(dataParent, 'data');
  await mkdir(dataDir);
  const fake = fakeAgentEntry('acp', 'server/agents/acp/testing/fake-acp-agent.ts', [], 'Fake ACP');
  await writeFile(path.join(dataDir, 'config.json'), JSON.stringify({ agents: { fake } }));
  session = await startInitializedRelayClient({ dataDir, env: { NODE_ENV: 'test', PATH: process.env.PATH ?? '', HOME: dataParent } });
  const { client: tab } = session;
  const { rpc } = tab;
  const { threadId } = await rpc.request('createThread', { agent: 'fake' });
  await rpc.request('chat/prompt', { chatId: threadId, message: 'please elicit-form' });
  await tab.until((params) => params.content.type === 'elicitation');
  const asked = tab.received.find((params) => params.content.type === 'elicitation')?.content;
  return { rpc, threadId, elicitationId: asked?.type === 'elicitation' ? asked.id : '' };
}

it('refuses values that do not fit the form, keeps the question, and sends the good answer to the agent', async () => {
  const { rpc, threadId, elicitationId } = await askedQuestion();

  await expect(
    rpc.request('thread/answerElicitation', { threadId, elicitationId, action: 'accept', content: { count: 'three' } }),
  ).rejects.toMatchObject({
    code: ErrorCodes.InvalidParams,
    message: 'The answer does not fit the form: "Your name" is required; "How many" must be a number.',
  });
  await expect(
    rpc.request('thread/answerElicitation', { threadId, elicitationId: 'no-such-question', action: 'decline' }),
  ).rejects.toMatchObject({
    code: ErrorCodes.InvalidParams,
    message: expect.stringContaining('No question no-such-question waits for an answer'),
  });
  await expect(
    rpc.request('thread/answerElicitation', { threadId, elicitationId, action: 'accept', content: { name: 'Ada', count: 3 } }),
  ).resolves.toEqual({});
  await session?.client.until(
    (params) => params.content.type === 'text' && params.content.text.includes('Form answer: accept {"name":"Ada","count":3}'),
  );
  await expect(rpc.request('thread/answerElicitation', { threadId, elicitationId, action: 'cancel' })).rejects.toMatchObject({
    code: ErrorCodes.InvalidParams,
  });
});

it('records the paired device that answered the question in the thread', async () => {
  const { rpc, threadId, elicitationId } = await askedQuestion();
  if (!session) throw new Error('no relay');
  const { relay, client } = session;
  const phone = await connectRelayClient({
    origin: relay.origin,
    token: await pairedCredential(relay.origin, client, 'Phone', 'answer-and-watch'),
    asPage: true,
  });
  try {
    await phone.rpc.request('thread/answerElicitation', { threadId, elicitationId, action: 'decline' });
  } finally {
    phone.close();
  }
  const { entries } = await rpc.request('getThreadEntries', { threadId });
  expect(entries.find((entry) => entry.type === 'elicitation')).toMatchObject({ status: 'declined', device: 'Phone' });
});
