import { describe, expect, it } from 'vitest';
import { BUILTIN_TOOLS, findBuiltinTool } from './builtin-tools';

describe('BUILTIN_TOOLS', () => {
  it('marks the tools that only read, which run without asking by default', () => {
    expect(BUILTIN_TOOLS.map((tool) => [tool.name, tool.readOnly])).toEqual([
      ['read_file', true],
      ['directory_tree', true],
      ['grep', true],
      ['glob', true],
      ['write_file', false],
      ['edit_file', false],
      ['move_file', false],
      ['shell_command', false],
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
    expect(findBuiltinTool('shell_command')?.definition.input_schema).toMatchObject({
      required: ['command'],
      properties: { timeout_seconds: { type: 'integer', minimum: 1, maximum: 600 } },
    });
  });

  it('gives every tool a description and an object schema the API accepts', () => {
    for (const tool of BUILTIN_TOOLS) {
      expect(tool.definition.description?.length, tool.name).toBeGreaterThan(40);
      expect(tool.definition.input_schema.type).toBe('object');
      expect(tool.definition.name).toMatch(/^[a-z_]+$/);
    }
  });
});
