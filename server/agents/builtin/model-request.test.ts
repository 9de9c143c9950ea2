import { describe, expect, it } from 'vitest';
import { modelRequestParams } from './model-request';
import { BUILTIN_TOOLS } from './tools/builtin-tools';

describe('modelRequestParams', () => {
  // One character above Latin-1 anywhere in a request makes V8 build its whole JSON body as a
  // two-byte string: twice the memory, and undici copies it once more (toUSVString) before
  // encoding. With one "…" in a tool description, a thread of plain text with 8 MB of history
  // cost 101-107 ms of the relay's CPU to send a request, against 60-67 ms without. What the user
  // and the model write is theirs; Baton's own part of the request stays Latin-1.
  it("keeps Baton's own part of a request, system prompt and tool definitions, within Latin-1", () => {
    for (const behavior of ['agent', 'plan'] as const) {
      const body = JSON.stringify(
        modelRequestParams({
          model: 'claude-sonnet-4-5',
          behavior,
          messages: [{ role: 'user', content: 'Hello' }],
          tools: BUILTIN_TOOLS,
          maxTokens: 1024,
          thinkingBudgetTokens: undefined,
        }),
      );
      expect(body.match(/[^\u0000-\u00ff]/g) ?? []).toEqual([]);
      expect(body).toContain('directory_tree');
    }
  });
});
