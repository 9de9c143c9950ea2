/**
 * For the tools that read many files in one call (grep, glob): the files a `deny` or `ask` rule
 * about reading covers are left out and named, since the user was never asked about them. The
 * model can still ask for one with read_file, which asks (or is refused) as the rule says.
 */
import type { ApprovalPolicy } from '../../../guard/approval-policy';

/** How many left-out files the note names before it only counts. */
const NAMED_FILES = 10;

export interface GuardedFiles {
  allowed: string[];
  leftOut: string[];
}

export function guardFiles(files: readonly string[], policy: ApprovalPolicy | undefined, tool: string): GuardedFiles {
  if (!policy) return { allowed: [...files], leftOut: [] };
  const allowed: string[] = [];
  const leftOut: string[] = [];
  for (const file of files) (policy.readGuard(file, tool) ? leftOut : allowed).push(file);
  return { allowed, leftOut };
}

/** The line that says what was left out, or undefined when nothing was. */
export function leftOutNote(leftOut: readonly string[]): string | undefined {
  if (leftOut.length === 0) return undefined;
  const named = leftOut.slice(0, NAMED_FILES).join(', ');
  const more = leftOut.length > NAMED_FILES ? ` and ${leftOut.length - NAMED_FILES} more` : '';
  return `(Left out, because your approval rules ask before reading them or refuse it: ${named}${more}. read_file asks for one.)`;
}
