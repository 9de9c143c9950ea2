import { describe, expect, it } from 'vitest';
import { replyToStreamSteps, resolveBlocks, splitIntoPieces, splitIntoWords, stopReasonOf } from './scripted-reply-events';
import { scriptedSignature } from './thinking-signature';

describe('splitIntoWords', () => {
  it('splits into word-sized pieces that join back to exactly the text', () => {
    const text = '**Bold** start\n\n- item one\n-  item two  ';
    const words = splitIntoWords(text);
    expect(words.join('')).toBe(text);
    expect(words.slice(0, 3)).toEqual(['**Bold** ', 'start\n\n', '- ']);
    expect(splitIntoWords('  leading')).toEqual(['  ', 'leading']);
    expect(splitIntoWords('')).toEqual([]);
  });
});

describe('splitIntoPieces', () => {
  it('cuts JSON into a few pieces, none of them empty', () => {
    const json = JSON.stringify({ path: 'a.txt', content: 'hello' });
    const pieces = splitIntoPieces(json, 3);
    expect(pieces).toHaveLength(3);
    expect(pieces.join('')).toBe(json);
    expect(splitIntoPieces('{}', 3)).toEqual(['{', '}']);
  });
});

describe('replyToStreamSteps', () => {
  it('produces the Messages API event sequence, with deltas marked', () => {
    const reply = {
      blocks: [
        { type: 'text' as const, text: 'Reading it.' },
        { type: 'tool_use' as const, name: 'read_file', input: { path: 'README.md' }, id: 'toolu_1' },
      ],
    };
    const steps = replyToStreamSteps(
      reply,
      resolveBlocks(reply.blocks, () => 'unused'),
      {
        messageId: 'msg_1',
        model: 'scripted',
        inputTokens: 12,
      },
    );
    expect(steps.map((step) => step.event)).toEqual([
      'message_start',
      'ping',
      'content_block_start',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'content_block_start',
      'content_block_delta',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    expect(steps.filter((step) => step.isDelta)).toHaveLength(5);
    expect(steps[6]?.data).toEqual({
      type: 'content_block_start',
      index: 1,
      content_block: { type: 'tool_use', id: 'toolu_1', name: 'read_file', input: {} },
    });
    expect(steps[11]?.data).toMatchObject({ delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 5 } });
  });

  it('streams thinking as thinking_delta pieces and one signature_delta, and citations before their text', () => {
    const reply = {
      blocks: [
        { type: 'thinking' as const, thinking: 'Let me see.' },
        { type: 'text' as const, text: 'Cited.', citations: [{ url: 'https://example.com', title: 'Example' }] },
      ],
    };
    const blocks = resolveBlocks(reply.blocks, () => 'unused');
    const steps = replyToStreamSteps(reply, blocks, { messageId: 'msg_1', model: 'scripted', inputTokens: 1 });
    expect(steps.slice(2, 7).map((step) => step.data)).toEqual([
      { type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '', signature: '' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'Let ' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'me ' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'see.' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: scriptedSignature('Let me see.') } },
    ]);
    expect(steps[9]?.data).toEqual({
      type: 'content_block_delta',
      index: 1,
      delta: {
        type: 'citations_delta',
        citation: {
          type: 'web_search_result_location',
          url: 'https://example.com',
          title: 'Example',
          cited_text: 'Cited.',
          encrypted_index: 'scripted',
        },
      },
    });
    expect(steps[10]?.data).toMatchObject({ delta: { type: 'text_delta', text: 'Cited.' } });
  });

  it('stops with end_turn when no tool is called, unless told otherwise', () => {
    expect(stopReasonOf({ blocks: [{ type: 'text', text: 'hi' }] })).toBe('end_turn');
    expect(stopReasonOf({ blocks: [], stopReason: 'max_tokens' })).toBe('max_tokens');
  });

  it('numbers tool_use blocks that have no id', () => {
    let next = 0;
    const blocks = resolveBlocks(
      [
        { type: 'tool_use', name: 'a', input: {} },
        { type: 'tool_use', name: 'b', input: {}, id: 'mine' },
      ],
      () => `toolu_${(next += 1)}`,
    );
    expect(blocks.map((block) => (block.type === 'tool_use' ? block.id : ''))).toEqual(['toolu_1', 'mine']);
  });
});
