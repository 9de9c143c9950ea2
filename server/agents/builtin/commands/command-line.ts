/**
 * A prompt that starts with `/name` runs a command (specs/eca-protocol-v2.md, "Chat Query
 * Commands"). This reads such a prompt: the command's name, then its arguments, which an MCP
 * prompt takes either as `name=value` pairs or as plain values in the order the prompt declares
 * its arguments (the last one taking whatever is left); quotes keep spaces in one value.
 */

export interface CommandLine {
  /** Without the slash, e.g. `costs` or `everything:simple_prompt`. */
  name: string;
  /** Everything after the name, trimmed. */
  argumentsText: string;
}

/** Command names: letters, digits, `_`, `-`, `.`, and one `server:prompt` colon at most. */
const COMMAND_LINE = /^\/([A-Za-z0-9_.-]+(?::[A-Za-z0-9_.-]+)?)(?:\s+([\s\S]*))?$/;

export function parseCommandLine(message: string): CommandLine | undefined {
  const match = COMMAND_LINE.exec(message.trim());
  if (!match) return undefined;
  return { name: match[1] as string, argumentsText: (match[2] ?? '').trim() };
}

/** Splits on spaces, keeping "double" or 'single' quoted parts together (without their quotes). */
export function splitArguments(text: string): string[] {
  const tokens = text.match(/(?:[^\s"']+|"[^"]*"|'[^']*'|["'])+/g) ?? [];
  return tokens.map((token) => token.replace(/"([^"]*)"|'([^']*)'/g, (_quoted, double, single) => double ?? single ?? ''));
}

export interface DeclaredArgument {
  name: string;
  required: boolean;
}

export interface BoundArguments {
  values: Record<string, string>;
  /** Required arguments the line gave no value for. */
  missing: string[];
  /** Values left over when the prompt declares no arguments at all. */
  rest: string;
}

/**
 * Binds `name=value` tokens to the argument of that name and the other tokens, in order, to the
 * arguments not named; when there are more values than arguments, the last one takes the rest.
 */
export function bindArguments(declared: readonly DeclaredArgument[], argumentsText: string): BoundArguments {
  const names = new Set(declared.map((argument) => argument.name));
  const values: Record<string, string> = {};
  const positional: string[] = [];
  for (const token of splitArguments(argumentsText)) {
    const named = /^([^=\s]+)=([\s\S]*)$/.exec(token);
    if (named && names.has(named[1] as string)) values[named[1] as string] = named[2] as string;
    else positional.push(token);
  }
  const open = declared.filter((argument) => !(argument.name in values));
  open.forEach((argument, index) => {
    const last = index === open.length - 1;
    const taken = last ? positional.slice(index) : positional.slice(index, index + 1);
    if (taken.length > 0) values[argument.name] = taken.join(' ');
  });
  return {
    values,
    missing: declared.filter((argument) => argument.required && !(argument.name in values)).map((argument) => argument.name),
    rest: declared.length === 0 ? positional.join(' ') : '',
  };
}

/** How a command's arguments are written, for its description in the `/` menu. */
export function argumentsUsage(declared: readonly DeclaredArgument[]): string {
  if (declared.length === 0) return '';
  const order = declared.map((argument) => (argument.required ? argument.name : `[${argument.name}]`)).join(' ');
  return `Arguments: name=value, or values in the order ${order} (the last takes the rest; quote a value with spaces).`;
}
