import { describe, expect, it } from 'vitest';
import { conversationProblem, type RequestMessage } from './messages-request';

const toolUse: RequestMessage = {
  role: 'assistant',
  content: [{ type: 'tool_use', id: 'toolu_1', name: 'read_file', input: { path: 'a' } }],
};

describe('conversationProblem', () => {
  it('accepts a tool_use answered in the next message, and a trailing unanswered one', () => {
    expect(
      conversationProblem([
        { role: 'user', content: 'hi' },
        toolUse,
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'toolu_1', content: 'x' },
            { type: 'text', text: 'go on' },
          ],
        },
      ]),
    ).toBeUndefined();
    expect(conversationProblem([{ role: 'user', content: 'hi' }, toolUse])).toBeUndefined();
  });

  it('refuses a tool_use whose result is missing from the next message', () => {
    expect(conversationProblem([{ role: 'user', content: 'hi' }, toolUse, { role: 'user', content: 'never mind' }])).toBe(
      'messages.1: tool_use toolu_1 has no tool_result in the next message',
    );
  });

  it('refuses a tool_result that answers nothing just before it', () => {
    expect(conversationProblem([{ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_9', content: 'x' }] }])).toBe(
      'messages.0: tool_result toolu_9 does not answer a tool_use in the previous message',
    );
  });
});
