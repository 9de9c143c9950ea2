/**
 * Which arguments of which tools name workspace paths, and what a rule or a call on each is
 * about: reading a file or changing it. The approval policy matches a rule on such an argument
 * against the path resolved inside the workspace (never the string the model wrote), and lets a
 * rule about reading or changing a path guard it from every other tool that reads or changes it.
 */

export type PathAccess = 'read' | 'write';

interface PathArgument {
  /** What a `when` on this argument guards, for the other tools' calls; none for a listing. */
  readonly rule?: PathAccess;
  /** What a call does at this path. */
  readonly call: readonly PathAccess[];
}

/** The native tools, then the ACP `fs/*` methods Baton serves (by the names the policy knows them). */
export const PATH_ARGUMENTS: Readonly<Record<string, Readonly<Record<string, PathArgument>>>> = {
  read_file: { path: { rule: 'read', call: ['read'] } },
  directory_tree: { path: { call: [] } },
  write_file: { path: { rule: 'write', call: ['write'] } },
  // An edit reads the file too: a failed match tells the model something about what is there.
  edit_file: { path: { rule: 'write', call: ['read', 'write'] } },
  // Moving a file away is a way to read it under another name.
  move_file: { from: { rule: 'write', call: ['read', 'write'] }, to: { rule: 'write', call: ['write'] } },
  read_text_file: { path: { rule: 'read', call: ['read'] } },
  write_text_file: { path: { rule: 'write', call: ['write'] } },
};

/** A path a call touches: resolved, workspace-relative with `/`. */
export interface JudgedPath {
  /** The argument that named it, so the tool's own rules on that argument see the resolved path. */
  argument?: string;
  path: string;
  access: readonly PathAccess[];
}

/** What a rule with a `when` on `argument` of `tool` guards, if it is a rule about paths at all. */
export function ruleAccess(tool: string, argument: string): PathAccess | undefined {
  return PATH_ARGUMENTS[tool]?.[argument]?.rule;
}

/**
 * The paths a native tool's call names, resolved by `resolve` (which throws for a path that
 * leaves the workspace, so such a call fails before anything is judged or asked).
 */
export async function judgedPaths(
  tool: string,
  args: Readonly<Record<string, unknown>>,
  resolve: (path: string) => Promise<string>,
): Promise<JudgedPath[]> {
  const judged: JudgedPath[] = [];
  for (const [argument, { call }] of Object.entries(PATH_ARGUMENTS[tool] ?? {})) {
    const value = args[argument];
    if (typeof value === 'string' && value.length > 0) judged.push({ argument, path: await resolve(value), access: call });
  }
  return judged;
}

/**
 * True for `.git` or a path inside one (at any depth: a submodule or a nested repository has one
 * too), where a changed config or hook makes the next `git status` run what it says. A `.git`
 * that is a file (a worktree's or a submodule's) names the folder git uses, so it counts too.
 */
export function isGitPath(relativePath: string): boolean {
  return relativePath.split('/').some((segment) => segment.toLowerCase() === '.git');
}
