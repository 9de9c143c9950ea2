import { describe, expect, it } from 'vitest';
import { configuredAgents } from '../agents/agents-config';
import { parseAgentConfig } from '../guard/agent-config';
import { configFileLabel, readAgentsSection } from './relay-config';

const config = (json: unknown) => parseAgentConfig(JSON.stringify(json), 'config.json');

describe('the agents section of config.json', () => {
  it('offers the built-in agent first, then the configured ones, with the default the file names', () => {
    const section = readAgentsSection(
      config({
        agents: {
          claude: { kind: 'acp', command: 'npx', args: ['-y', '@zed-industries/claude-agent-acp'], passEnv: ['ANTHROPIC_API_KEY'] },
          emacs: { kind: 'emacs-agent', url: 'http://127.0.0.1:8080/api' },
        },
        defaultAgent: 'claude',
      }),
    );
    expect([...configuredAgents(section).keys()]).toEqual(['builtin', 'claude', 'emacs']);
    expect(section.defaultAgent).toBe('claude');
  });

  it('adds --agent entries and makes the first the default unless the file names one', () => {
    const flag = { name: 'gemini', entry: { kind: 'acp' as const, command: 'gemini', args: [], env: {}, passEnv: [] } };
    expect(readAgentsSection(config({}), [flag]).defaultAgent).toBe('gemini');
    expect(readAgentsSection(config({ defaultAgent: 'builtin' }), [flag]).defaultAgent).toBe('builtin');
    expect(() => readAgentsSection(config({ agents: { gemini: { kind: 'acp', command: 'x' } } }), [flag])).toThrow(
      /--agent names gemini, which config.json already configures/,
    );
  });

  it('refuses a bad section, naming what is wrong', () => {
    expect(() => readAgentsSection(config({ agents: { x: { kind: 'acp' } } }))).toThrow(
      /agents section of config.json is invalid.*command/s,
    );
    expect(() => readAgentsSection(config({ agents: { x: { kind: 'acp', command: 'x', shell: true } } }))).toThrow(/shell/);
    expect(() => readAgentsSection(config({ defaultAgent: 'ghost' }))).toThrow(/names no configured agent/);
    expect(() => readAgentsSection(config({ agents: { builtin: { kind: 'acp', command: 'x' } } }))).toThrow(/built-in agent's name/);
    expect(() => readAgentsSection(config({ agents: { 'bad name': { kind: 'acp', command: 'x' } } }))).toThrow(/Invalid key.*bad name/s);
  });

  it("refuses to give an agent the relay's own secrets, by passEnv or env", () => {
    for (const field of [{ passEnv: ['BATON_TOKEN'] }, { env: { BATON_DATABASE_URL: 'postgres://db' } }]) {
      expect(() => readAgentsSection(config({ agents: { x: { kind: 'acp', command: 'x', ...field } } }))).toThrow(
        /agents section of config.json is invalid.*(BATON_TOKEN|BATON_DATABASE_URL) is the relay's own secret, which nothing the relay starts is given/s,
      );
    }
  });
});

describe('configFileLabel', () => {
  it('names a config file inside the workspace from the workspace, and any other by its whole path', () => {
    expect(configFileLabel('/srv/project/.baton/config.json', '/srv/project')).toBe('.baton/config.json');
    expect(configFileLabel('/srv/baton-data/config.json', '/srv/project')).toBe('/srv/baton-data/config.json');
    expect(configFileLabel('/srv/project-old/config.json', '/srv/project')).toBe('/srv/project-old/config.json');
  });
});
