import { describe, expect, it } from 'vitest';
import { createDemoScript } from '../../demo-model/demo-script';
import { createGate } from '../../demo-model/testing/gate';
import { contentBlocks, type MessagesRequest, type RequestMessage } from '../../demo-model/messages-request';
import { estimateInputTokens, type ScriptedReply } from '../../demo-model/scripted-reply';
import { say, scriptedSteps, useAgentFixture } from './testing/agent-support';
import { contentOutline, createRecordingTurn, type RecordingTurn, type RecordingTurnOptions } from '../../hub/testing/recording-turn';

const fixture = useAgentFixture({ prefix: 'baton-streaming-', defaults: () => ({ model: 'claude-haiku-4-5' }) });

async function turn(options: RecordingTurnOptions) {
  const recording = createRecordingTurn({ decide: () => 'approved', ...options });
  await fixture.agent?.runTurn(recording.turn);
  return recording;
}

const thinkThenList: ScriptedReply = {
  blocks: [
    { type: 'thinking', thinking: 'I should look at the files first.' },
    { type: 'tool_use', name: 'glob', input: { pattern: '*' } },
  ],
};

/** Dollars for haiku-4-5 ($1 in, $5 out per million) of the scripted server's token counts. */
function haikuCost(request: MessagesRequest, outputTokens: number): number {
  return (estimateInputTokens(request) * 1 + outputTokens * 5) / 1_000_000;
}

describe('extended thinking', () => {
  it('shows the thinking as reasoning, timed, and sends it back first on the tool-use round', async () => {
    await fixture.agentWith(scriptedSteps(thinkThenList, say('Nothing here.')), { thinkingBudgetTokens: 1024 });
    const recording = await turn({ message: 'Look' });

    expect(contentOutline(recording.contents)).toEqual([
      'reasonStarted',
      'reasonText',
      'reasonFinished',
      'toolCallPrepare:glob',
      'toolCallRun:glob',
      'toolCallRunning:glob',
      'toolCalled:glob',
      'text',
      'usage',
    ]);
    const reasoning = recording.contents.filter((content) => content.type.startsWith('reason'));
    const ids = new Set(reasoning.map((content) => ('id' in content ? content.id : undefined)));
    expect(ids.size).toBe(1);
    const text = reasoning.map((content) => (content.type === 'reasonText' ? content.text : '')).join('');
    expect(text).toBe('I should look at the files first.');
    expect(reasoning.at(-1)).toEqual({ type: 'reasonFinished', id: expect.any(String), totalTimeMs: expect.any(Number) });

    // The scripted server, like the API, refuses a tool-use round whose thinking is missing or altered.
    expect(fixture.server?.requests[1]?.thinking).toEqual({ type: 'enabled', budget_tokens: 1024 });
    expect(contentBlocks(fixture.server?.requests[1]?.messages.at(-2) as RequestMessage)[0]).toMatchObject({
      type: 'thinking',
      thinking: 'I should look at the files first.',
    });
  });

  it('asks for no thinking where the history ends in a tool call that has none', async () => {
    await fixture.agentWith(createDemoScript({ delayBetweenDeltasMs: 0 }), { thinkingBudgetTokens: 1024 });
    const stopped = createRecordingTurn({ message: 'Try an edit' });
    stopped.turn.awaitApproval = async () => {
      stopped.stop();
      return new Promise(() => undefined);
    };
    await fixture.agent?.runTurn(stopped.turn);

    const firstTurnRequests = fixture.server?.requests.length ?? 0;
    const next = await turn({ message: 'Start again', history: stopped.entries() });
    const opening = fixture.server?.requests[firstTurnRequests];
    expect(contentBlocks(opening?.messages.at(-1) as RequestMessage).map((block) => block.type)).toEqual(['tool_result', 'text']);
    // Thinking cannot be switched on in the middle of a tool loop, so the whole turn goes without.
    expect(fixture.server?.requests.slice(firstTurnRequests).map((request) => request.thinking)).toEqual([undefined, undefined, undefined]);
    expect(contentOutline(next.contents)).toContain('toolCalled:write_file');

    // A later turn that starts cleanly thinks again.
    const later = await turn({ message: 'Once more', history: next.entries() });
    expect(fixture.server?.requests.at(-1)?.thinking).toEqual({ type: 'enabled', budget_tokens: 1024 });
    expect(contentOutline(later.contents)[0]).toBe('reasonStarted');
  });

  it('closes the reasoning when Stop is pressed while the model thinks', async () => {
    const gate = createGate();
    await fixture.agentWith(
      () => ({
        blocks: [{ type: 'thinking', thinking: 'one two three' }],
        beforeDelta: (index) => (index === 1 ? gate.promise : undefined),
      }),
      { thinkingBudgetTokens: 1024 },
    );
    const recording = createRecordingTurn({
      message: 'Think',
      onContent: (content) => content.type === 'reasonText' && recording.stop(),
    });
    await fixture.agent?.runTurn(recording.turn);
    expect(contentOutline(recording.contents)).toEqual(['reasonStarted', 'reasonText', 'reasonFinished']);
  });
});

describe('links', () => {
  it('shows each web page the answer cites once, as a url content', async () => {
    const docs = { url: 'https://example.com/docs', title: 'The docs' };
    await fixture.agentWith(() => ({
      blocks: [
        { type: 'text', text: 'See the docs. ', citations: [docs] },
        { type: 'text', text: 'Again. ', citations: [docs, { url: 'https://example.com/faq', title: 'FAQ' }] },
      ],
    }));
    const recording = await turn({ message: 'Where?' });
    expect(recording.contents.filter((content) => content.type === 'url')).toEqual([
      { type: 'url', ...docs },
      { type: 'url', url: 'https://example.com/faq', title: 'FAQ' },
    ]);
  });
});

describe('usage', () => {
  it("reports the thread's tokens and the costs after each turn, per thread", async () => {
    await fixture.agentWith(scriptedSteps(say('one two three'), thinkThenList, say('done'), say('other')), {
      thinkingBudgetTokens: 1024,
    });
    const requestAt = (index: number) => fixture.server?.requests[index] as MessagesRequest;
    const first = await turn({ message: 'Hi', threadId: 'a' });
    const firstCost = haikuCost(requestAt(0), 3);
    const firstTokens = estimateInputTokens(requestAt(0)) + 3;
    expect(first.contents.at(-1)).toEqual({
      type: 'usage',
      sessionTokens: firstTokens,
      messageInputTokens: estimateInputTokens(requestAt(0)),
      messageOutputTokens: 3,
      lastMessageCost: `$${firstCost.toFixed(4)}`,
      sessionCost: `$${firstCost.toFixed(4)}`,
      limit: { context: 200_000, output: 64_000 },
    });

    const second = await turn({ message: 'Look', threadId: 'a', history: first.entries() });
    // Seven words of thinking, its signature and the call's three pieces; then one word.
    const secondCost = haikuCost(requestAt(1), 11) + haikuCost(requestAt(2), 1);
    expect(second.contents.at(-1)).toEqual({
      type: 'usage',
      sessionTokens: firstTokens + estimateInputTokens(requestAt(1)) + 11 + estimateInputTokens(requestAt(2)) + 1,
      // This turn's two requests: what they sent, and what came back.
      messageInputTokens: estimateInputTokens(requestAt(1)) + estimateInputTokens(requestAt(2)),
      messageOutputTokens: 12,
      lastMessageCost: `$${secondCost.toFixed(4)}`,
      sessionCost: `$${(firstCost + secondCost).toFixed(4)}`,
      limit: { context: 200_000, output: 64_000 },
    });

    const other = await turn({ message: 'Elsewhere', threadId: 'b' });
    expect(other.contents.at(-1)).toMatchObject({ sessionTokens: estimateInputTokens(requestAt(3)) + 1 });
  });

  it('gives tokens but no cost for a model without a price', async () => {
    await fixture.agentWith(scriptedSteps(say('hello')), { model: 'claude-unpriced' });
    const recording = await turn({ message: 'Hi' });
    expect(recording.contents.at(-1)).toEqual({
      type: 'usage',
      sessionTokens: expect.any(Number),
      messageInputTokens: expect.any(Number),
      messageOutputTokens: 1,
    });
  });
});

describe('models', () => {
  it('runs a turn with the model the user picked, when it is one of those offered', async () => {
    await fixture.agentWith(scriptedSteps(say('a'), say('b')), { models: ['claude-opus-4-5'] });
    expect(fixture.agent?.info.models).toEqual(['claude-haiku-4-5', 'claude-opus-4-5']);

    const picked = await turn({ message: 'Hi', model: 'claude-opus-4-5' });
    expect(fixture.server?.requests[0]?.model).toBe('claude-opus-4-5');
    expect(picked.contents.at(-1)).toMatchObject({ limit: { context: 200_000, output: 64_000 } });
    const cost = (estimateInputTokens(fixture.server?.requests[0] as MessagesRequest) * 5 + 1 * 25) / 1_000_000;
    expect(picked.contents.at(-1)).toMatchObject({ lastMessageCost: `$${cost.toFixed(4)}` });

    await turn({ message: 'Hi', model: 'claude-not-offered' });
    expect(fixture.server?.requests[1]?.model).toBe('claude-haiku-4-5');
  });
});

describe('pieces handed over without a promise', () => {
  const answer = (): ScriptedReply[] => [
    {
      blocks: [
        { type: 'thinking', thinking: 'The user wants me to look, so I list the files first.' },
        { type: 'text', text: 'Let me look at what is here first.' },
        { type: 'tool_use', name: 'glob', input: { pattern: '*' } },
      ],
    },
    say('Nothing here at all, so there is nothing to change.'),
  ];
  const pieces = (recording: RecordingTurn) =>
    recording.contents.flatMap((content) =>
      content.type === 'text' || content.type === 'reasonText' ? [`${content.type}:${content.text}`] : [],
    );

  it('records the same turn, in the same order, whether the thread takes each piece at once or asks for emit', async () => {
    await fixture.agentWith(scriptedSteps(...answer()), { thinkingBudgetTokens: 1024 });
    const emitted = await turn({ message: 'Look' });

    await fixture.agentWith(scriptedSteps(...answer()), { thinkingBudgetTokens: 1024 });
    let offered = 0;
    const refused: string[] = [];
    const offeredTypes = new Set<string>();
    // Every third piece is refused, as a thread with a long queue does: the agent must emit it.
    const mixed = await turn({
      message: 'Look',
      takesOfferedPiece: (content) => {
        offered += 1;
        offeredTypes.add(content.type);
        if (offered % 3 !== 0) return true;
        if (content.type === 'text' || content.type === 'reasonText') refused.push(`${content.type}:${content.text}`);
        return false;
      },
    });

    expect(contentOutline(mixed.contents)).toEqual([
      'reasonStarted',
      'reasonText',
      'reasonFinished',
      'text',
      'toolCallPrepare:glob',
      'toolCallRun:glob',
      'toolCallRunning:glob',
      'toolCalled:glob',
      'text',
      'usage',
    ]);
    expect(pieces(mixed)).toEqual(pieces(emitted));
    const shown = (recording: RecordingTurn) =>
      recording.entries().map((entry) => (entry.type === 'message' ? entry.chunks : entry.type === 'reasoning' ? entry.text : entry.type));
    expect(shown(mixed)).toEqual(shown(emitted));
    // Both ways were taken, for the answer and its thinking: pieces handed over, and refused ones emitted in their place.
    expect([...offeredTypes].sort()).toEqual(['reasonText', 'text']);
    expect(offered).toBeGreaterThan(refused.length);
    expect(refused.length).toBeGreaterThan(1);
    expect(pieces(mixed)).toEqual(expect.arrayContaining(refused));
  });
});
