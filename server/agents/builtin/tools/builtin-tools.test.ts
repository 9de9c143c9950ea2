import { describe, expect, it } from 'vitest';
import { BUILTIN_TOOLS, findBuiltinTool } from './builtin-tools';

describe('BUILTIN_TOOLS', () => {
  it('offers read_file without approval and the edits with approval', () => {
    expect(BUILTIN_TOOLS.map((tool) => [tool.name, tool.manualApproval])).toEqual([
      ['read_file', false],
      ['write_file', true],
      ['edit_file', true],
    ]);
    expect(findBuiltinTool('nope')).toBeUndefined();
  });

  it('describes each tool with a JSON schema generated from its zod schema', () => {
    expect(findBuiltinTool('edit_file')?.definition).toEqual({
      name: 'edit_file',
      description: expect.stringContaining('exactly once'),
      input_schema: {
        type: 'object',
        properties: {
          path: { type: 'string', minLength: 1, description: expect.any(String) },
          old_text: { type: 'string', minLength: 1, description: expect.any(String) },
          new_text: { type: 'string', description: expect.any(String) },
        },
        required: ['path', 'old_text', 'new_text'],
        additionalProperties: false,
      },
    });
    expect(findBuiltinTool('read_file')?.definition.input_schema.required).toEqual(['path']);
  });
});
