/**
 * The workspace paths a command line writes or reads, as far as the parser can tell: files its
 * redirections name (`> .git/hooks/pre-commit`, `< secrets.txt`) and the files common programs
 * change (`rm`, `mv`, `cp`'s target, `touch`, `mkdir`, `tee`, `truncate`). They are judged as every
 * tool's paths are (approval-policy.ts): resolved, so that a rule about a path and "a change
 * inside .git always asks" hold for a shell command too. A path outside the workspace is left to
 * the sandbox; Baton's data folder is refused outright.
 */
import path from 'node:path';
import type { JudgedPath, PathAccess } from './path-arguments';
import type { Workspace } from '../workspace/workspace';
import { WorkspaceError } from '../workspace/workspace-error';
import type { CallCommands } from './call-commands';
import { programName, type SimpleCommand } from './shell-command';

/** The arguments each program changes; `last` for a copy's target alone. */
const CHANGED_ARGUMENTS: Readonly<Record<string, 'all' | 'last'>> = {
  rm: 'all',
  rmdir: 'all',
  unlink: 'all',
  shred: 'all',
  mv: 'all',
  touch: 'all',
  mkdir: 'all',
  tee: 'all',
  truncate: 'all',
  cp: 'last',
  ln: 'last',
};

export interface CommandPaths {
  paths: JudgedPath[];
  /** Why the command may not run at all: it touches Baton's data folder. */
  refusal?: string;
}

export async function commandPaths(found: CallCommands, workspace: Workspace, cwd = workspace.root): Promise<CommandPaths> {
  const targets: { target: string; access: PathAccess }[] = [
    ...found.redirects.map((redirect) => ({ target: redirect.path, access: redirect.access })),
    ...found.commands.flatMap((command) => changedArguments(command).map((target) => ({ target, access: 'write' as const }))),
  ];
  const paths: JudgedPath[] = [];
  for (const { target, access } of targets) {
    if (target.startsWith('/dev/')) continue;
    const absolute = path.resolve(cwd, target);
    try {
      await workspace.assertWritable(absolute);
      paths.push({ path: await workspace.relativePath(absolute), access: [access] });
    } catch (error) {
      if (error instanceof WorkspaceError && error.code === 'protected-path')
        return { paths, refusal: `it would touch Baton's data folder (${target})` };
      // Outside the workspace, or not a usable path: the sandbox, not a workspace rule, bounds it.
    }
  }
  return { paths };
}

function changedArguments(command: SimpleCommand): string[] {
  if (command.program === undefined) return [];
  const which = CHANGED_ARGUMENTS[programName(command.program)];
  if (!which) return [];
  const operands = command.args.filter((arg) => !arg.startsWith('-') && !arg.includes('$') && !arg.includes('`'));
  return which === 'all' ? operands : operands.slice(-1);
}
