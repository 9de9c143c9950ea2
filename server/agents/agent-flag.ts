/**
 * `--agent '[name=]kind:command args'`: an agent configured from the command line, for a quick
 * start without a config file, e.g. `--agent 'acp:npx -y @zed-industries/claude-agent-acp'` or
 * `--agent 'emacs=emacs-agent:http://127.0.0.1:8080/api'`. Words are split at spaces; single or
 * double quotes keep a word with spaces together. Nothing is run through a shell.
 */
import { AgentKindSchema, AgentNameSchema } from '../../lib/protocol/agents';
import { type AgentEntry, AgentEntrySchema } from './agents-config';

export class AgentFlagError extends Error {
  override readonly name = 'AgentFlagError';
  readonly code = 'invalid-agent-flag';
}

export function parseAgentFlag(value: string): { name: string; entry: AgentEntry } {
  const match = /^(?:([^=:\s]+)=)?([a-z-]+):(.+)$/s.exec(value.trim());
  if (!match) {
    throw new AgentFlagError(
      `--agent takes [name=]kind:command, like 'acp:npx -y @zed-industries/claude-agent-acp'; got ${JSON.stringify(value)}`,
    );
  }
  const [, givenName, kindText, rest] = match as unknown as [string, string | undefined, string, string];
  const kind = AgentKindSchema.safeParse(kindText);
  if (!kind.success || kind.data === 'builtin') {
    throw new AgentFlagError(`--agent: the kind must be one of eca, autohand, acp, emacs-agent; got ${JSON.stringify(kindText)}`);
  }
  const words = splitWords(rest);
  const name = givenName ?? defaultName(kind.data, words);
  if (!AgentNameSchema.safeParse(name).success) {
    throw new AgentFlagError(`--agent: ${JSON.stringify(name)} is not a usable agent name; give one as name=kind:command`);
  }
  const raw =
    kind.data === 'emacs-agent' ? { kind: kind.data, url: rest.trim() } : { kind: kind.data, command: words[0], args: words.slice(1) };
  const entry = AgentEntrySchema.safeParse(raw);
  if (!entry.success)
    throw new AgentFlagError(`--agent ${JSON.stringify(value)}: ${entry.error.issues.map((issue) => issue.message).join('; ')}`);
  return { name, entry: entry.data };
}

/** The package or program name, without scope or version: `claude-agent-acp`, `eca`. */
function defaultName(kind: string, words: readonly string[]): string {
  if (kind === 'emacs-agent') return 'emacs-agent';
  const program = words.find((word, index) => index > 0 && !word.startsWith('-') && words[0] === 'npx') ?? words[0] ?? kind;
  const base =
    program
      .split('/')
      .pop()!
      .replace(/@[^@]*$/, '') || kind;
  return base.replace(/[^A-Za-z0-9._-]/g, '-').replace(/^[^A-Za-z0-9]+/, '') || kind;
}

function splitWords(text: string): string[] {
  const words: string[] = [];
  const pattern = /"([^"]*)"|'([^']*)'|(\S+)/g;
  for (const match of text.matchAll(pattern)) words.push(match[1] ?? match[2] ?? match[3]!);
  return words;
}
