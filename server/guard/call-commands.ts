/**
 * What a tool call runs, found whatever the agent's tool is called or how its arguments are
 * shaped, and parsed by a real shell parser (shell-command.ts): the built-in shell tool's
 * `command` line, an ACP terminal's program and `args`, Codex's argv array
 * (`["/bin/bash","-lc","rm -f victim.txt"]`), or, for an ACP call of kind `execute` that sends no
 * raw input (Gemini CLI), the command its title names. The policy (approval-policy.ts) judges
 * each simple command this finds; what cannot be seen is said in `unseen`, so that no allow rule
 * covers it and a deny rule that might apply wins.
 */
import { type CommandParse, parseArgv, parseCommandLine, type Redirect, type SimpleCommand } from './shell-command';

export interface CallCommands {
  /** Every simple command the call would run, wrappers and what they wrap. */
  commands: readonly SimpleCommand[];
  /** Files the command line redirects from or to, as written (relative to the command's directory). */
  redirects: readonly Redirect[];
  /** Why part of what it runs cannot be known; absent when every command was seen. */
  unseen?: string;
}

export interface CallToInspect {
  name: string;
  arguments: Readonly<Record<string, unknown>>;
  /** The agent's own words for the call (an ACP title), read only when nothing else says what runs. */
  title?: string;
}

/** ACP's kind for a call that runs a command (https://agentclientprotocol.com/protocol/tool-calls). */
const EXECUTE_KIND = 'execute';
const COMMAND_ARGUMENTS = ['command', 'cmd'] as const;

/** The commands a call runs; undefined for a call that runs none (a read, an edit, a search). */
export async function callCommands(call: CallToInspect): Promise<CallCommands | undefined> {
  for (const argument of COMMAND_ARGUMENTS) {
    const value = call.arguments[argument];
    if (typeof value === 'string' && value.trim() !== '') {
      const args = call.arguments.args;
      // ACP `terminal/create` (and agents shaped like it): a program with its argv, no shell between.
      if (Array.isArray(args) && args.every((arg) => typeof arg === 'string')) return seen(await parseArgv([value, ...args]));
      return seen(await parseCommandLine(value));
    }
    if (Array.isArray(value) && value.length > 0 && value.every((word) => typeof word === 'string')) return seen(await parseArgv(value));
  }
  if (call.name !== EXECUTE_KIND) return undefined;
  return call.title ? fromTitle(call.title) : { commands: [], redirects: [], unseen: 'the agent did not say what it runs' };
}

function seen(parse: CommandParse): CallCommands {
  if (!parse.ok) return { commands: [], redirects: [], unseen: `its command could not be read (${parse.reason})` };
  const dynamic = parse.commands.some((command) => command.program === undefined) || parse.dynamicRedirects;
  return {
    commands: parse.commands,
    redirects: parse.redirects,
    ...(dynamic ? { unseen: 'part of its command is decided only when it runs' } : {}),
  };
}

/**
 * A title is the agent's description, not the call itself: deny rules see the commands it names,
 * but it is never enough for an allow. Gemini CLI writes `<command> [in <dir>] (<description>)`.
 */
async function fromTitle(title: string): Promise<CallCommands> {
  const candidates = [title, title.replace(/ \([^()]*\)$/, ''), title.replace(/ \([^()]*\)$/, '').replace(/ \[in [^\]]*\]$/, '')];
  for (const candidate of new Set(candidates)) {
    const parse = await parseCommandLine(candidate);
    if (parse.ok) return { commands: parse.commands, redirects: parse.redirects, unseen: 'the agent named its command in the title only' };
  }
  return { commands: [], redirects: [], unseen: 'the agent named its command in a title that could not be read' };
}
