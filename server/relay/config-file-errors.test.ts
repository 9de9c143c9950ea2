/**
 * What a person sees when their config.json is wrong: one line with the file, the line (and for
 * broken JSON the column) and the field, not a validator's dump.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadRelayConfig } from './relay-config';

let folder: string;
let file: string;

beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'baton-config-errors-'));
  file = path.join(folder, 'config.json');
});

afterEach(() => rm(folder, { recursive: true, force: true }));

async function problem(text: string): Promise<string> {
  await writeFile(file, text);
  const error = await loadRelayConfig(file).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(Error);
  const message = (error as Error).message;
  expect(message.split('\n').length).toBeLessThanOrEqual(2);
  return message;
}

describe('a bad config.json', () => {
  it('names the line and column where the JSON breaks', async () => {
    const text = [
      '{',
      '  "toolApproval": [',
      '    { "tool": "write_file", "decision": "ask" }',
      '  ],',
      '  "mcpServers": {',
      '    "everything": { "command": "npx" ',
      '  }',
      '}',
      '',
    ].join('\n');
    // The object opened on line 6 is never closed: the parser notices at the end of the file.
    expect(await problem(text)).toBe(`Bad config file ${file}:9:1: not valid JSON: close brace expected`);
    expect(await problem('{\n  "toolApproval": [],\n}\n')).toBe(`Bad config file ${file}:3:1: not valid JSON: property name expected`);
  });

  it('names the file, the line and the field of a wrong type', async () => {
    const text = JSON.stringify(
      {
        toolApproval: [
          { tool: 'write_file', decision: 'ask' },
          { tool: 'shell_command', decision: 'maybe' },
        ],
      },
      null,
      2,
    );
    const message = await problem(text);
    expect(message).toBe(`Bad config file ${file}:9: toolApproval[1].decision: Invalid option: expected one of "allow"|"ask"|"deny"`);
    expect(text.split('\n')[8]).toContain('"decision": "maybe"');
  });

  it('points into the mcpServers and agents sections too', async () => {
    const mcp = JSON.stringify({ mcpServers: { everything: { command: 42 } } }, null, 2);
    expect(await problem(mcp)).toBe(
      `Bad config file ${file}:4: mcpServers.everything.command: Invalid input: expected string, received number`,
    );
    const agents = JSON.stringify({ agents: { helper: { kind: 'acp', command: 'x', shell: true } } }, null, 2);
    expect(await problem(agents)).toMatch(
      new RegExp(`^Bad config file ${escapeRegExp(file)}:6: agents\\.helper\\.shell: Unrecognized key`),
    );
  });

  it('refuses an agent registry address that is not http(s)', async () => {
    const registry = JSON.stringify({ agentRegistryUrl: 'file:///etc/registry.json' }, null, 2);
    expect(await problem(registry)).toMatch(new RegExp(`^Bad config file ${escapeRegExp(file)}:2: agentRegistryUrl: Invalid URL`));
  });

  it('points into the sandbox section', async () => {
    const wrongType = JSON.stringify({ sandbox: { enabled: 'yes' } }, null, 2);
    expect(await problem(wrongType)).toBe(`Bad config file ${file}:3: sandbox.enabled: Invalid input: expected boolean, received string`);
    const misspelt = JSON.stringify({ sandbox: { netwrok: true } }, null, 2);
    expect(await problem(misspelt)).toMatch(
      new RegExp(`^Bad config file ${escapeRegExp(file)}:3: sandbox\\.netwrok: Unrecognized key: "netwrok"`),
    );
  });

  it('points at the enclosing field when the one that is missing is not in the file', async () => {
    const text = JSON.stringify({ agents: { helper: { kind: 'acp' } } }, null, 2);
    expect(await problem(text)).toMatch(new RegExp(`^Bad config file ${escapeRegExp(file)}:3: agents\\.helper(\\.command)?: `));
  });

  it('reads a good file and gives the defaults without one', async () => {
    await writeFile(file, JSON.stringify({ toolApproval: [{ tool: 'x', decision: 'deny' }] }));
    expect((await loadRelayConfig(file)).toolApproval).toEqual([{ tool: 'x', decision: 'deny' }]);
    expect((await loadRelayConfig(path.join(folder, 'missing.json'))).toolApproval).toEqual([]);
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
