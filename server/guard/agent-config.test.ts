import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AgentConfigError, loadAgentConfig } from './agent-config';

let folder: string;
let file: string;

beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'baton-config-'));
  file = path.join(folder, 'config.json');
});

afterEach(() => rm(folder, { recursive: true, force: true }));

async function loadError(content: string): Promise<AgentConfigError> {
  await writeFile(file, content);
  const error = await loadAgentConfig(file).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(AgentConfigError);
  expect(error).toMatchObject({ code: 'invalid-agent-config', file });
  return error as AgentConfigError;
}

describe('loadAgentConfig', () => {
  it('reads the tool approval rules, keeping sections that belong to other parts', async () => {
    const config = {
      toolApproval: [
        { tool: 'shell_command', decision: 'allow', when: { argument: 'command', startsWith: 'git status' } },
        { tool: 'everything__echo', decision: 'deny' },
      ],
      mcpServers: { everything: { command: 'npx' } },
    };
    await writeFile(file, JSON.stringify(config));
    expect(await loadAgentConfig(file)).toEqual(config);
  });

  it('gives the defaults when the file does not exist', async () => {
    expect(await loadAgentConfig(path.join(folder, 'missing.json'))).toEqual({ toolApproval: [] });
  });

  it('names the file when it is not JSON', async () => {
    const error = await loadError('{ "toolApproval": [ }');
    expect(error.message).toBe(`Bad config file ${file}:1:21: not valid JSON: value expected`);
  });

  it('names the rule and the field that is wrong', async () => {
    const error = await loadError(
      JSON.stringify({
        toolApproval: [
          { tool: 'write_file', decision: 'allow' },
          { tool: 'shell_command', decision: 'sometimes' },
          { tool: 'shell_command', decision: 'allow', when: { argument: 'command', matches: '(' } },
        ],
      }),
    );
    // The first problem is named; the rest are counted, so the message stays one line.
    expect(error.message).toMatch(
      new RegExp(`^Bad config file ${escapeRegExp(file)}:1: toolApproval\\[1\\]\\.decision: .*\\(and 1 more problem\\)$`),
    );
    const regex = await loadError(
      JSON.stringify({ toolApproval: [{ tool: 'x', decision: 'allow', when: { argument: 'a', matches: '(' } }] }),
    );
    expect(regex.message).toContain('toolApproval[0].when.matches: not a valid regular expression');
  });

  it('reads action rules', async () => {
    const rules = [
      { action: 'execute', program: 'rm', decision: 'deny' },
      { action: 'execute', program: 'git', args: { startsWith: 'push' }, decision: 'ask' },
      { action: 'write', path: { startsWith: 'secrets/' }, decision: 'deny' },
    ];
    await writeFile(file, JSON.stringify({ toolApproval: rules }));
    expect((await loadAgentConfig(file)).toolApproval).toEqual(rules);
  });

  it('refuses unknown fields in a rule and a when without a test', async () => {
    const typo = await loadError(JSON.stringify({ toolApproval: [{ tool: 'x', decison: 'allow' }] }));
    expect(typo.message).toContain('toolApproval[0].decision: ');
    const empty = await loadError(JSON.stringify({ toolApproval: [{ tool: 'x', decision: 'allow', when: { argument: 'a' } }] }));
    expect(empty.message).toContain('toolApproval[0].when: a "when" needs startsWith, equals or matches');
    const both = await loadError(JSON.stringify({ toolApproval: [{ tool: 'x', action: 'execute', decision: 'deny' }] }));
    expect(both.message).toContain('toolApproval[0]: a rule names a "tool" or an "action", one of the two');
    const pathOnExecute = await loadError(
      JSON.stringify({ toolApproval: [{ action: 'execute', path: { equals: 'a' }, decision: 'deny' }] }),
    );
    expect(pathOnExecute.message).toContain('toolApproval[0]: "path" goes with "action": "read", "write" or "delete"');
    const notAnObject = await loadError('[]');
    expect(notAnObject.message).toContain(`${file}:1: the file: `);
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
