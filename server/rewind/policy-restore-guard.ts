/**
 * The config file's approval rules, applied to a rewind's restores: putting a file back or
 * removing it is judged as the built-in agent's `write_file` of that path would be, so a `deny`
 * rule about changing a path (on any tool that writes it) keeps the rewind from changing it too.
 * Only `deny` counts: a restore is the user's own request, so a rule that would ask is not asked
 * again, and `.git` is refused for restores by the workspace itself (checked-write.ts).
 */
import { type ApprovalPolicy, describeRule } from '../agents/builtin/policy/approval-policy';
import type { RestoreGuard } from './restore-writes';

/** The tool whose path rules a restore answers to: writing a whole file is what a restore does. */
const RESTORE_AS_TOOL = 'write_file';

export function policyRestoreGuard(policy: ApprovalPolicy): RestoreGuard {
  return {
    refusal(relativePath) {
      // A removal changes the path as a write does; the rules have no separate word for it.
      const verdict = policy.decide({
        name: RESTORE_AS_TOOL,
        arguments: { path: relativePath },
        readOnly: false,
        paths: [{ argument: 'path', path: relativePath, access: ['write'] }],
      });
      if (verdict.decision !== 'deny') return undefined;
      return `refused by your config${verdict.rule ? ` (${describeRule(verdict.rule.rule)})` : ''}`;
    },
  };
}
