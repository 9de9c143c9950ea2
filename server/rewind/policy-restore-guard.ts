/**
 * The config file's approval rules, applied to a rewind's restores: putting a file back or
 * removing it is a write of that path, judged by the rules about writing paths (an action rule
 * `{ "action": "write", "path": … }`, or a `when` on a writing tool's path), so a `deny` about
 * changing a path keeps the rewind from changing it too. A rule about a tool as a whole (`deny
 * write_file`) is about the agent's tool, not about Baton's own restores.
 * Only `deny` counts: a restore is the user's own request, so a rule that would ask is not asked
 * again, and `.git` is refused for restores by the workspace itself (checked-write.ts).
 */
import { type ApprovalPolicy, describeRule } from '../guard/approval-policy';
import type { RestoreGuard } from './restore-writes';

/** The name a restore is judged under: no tool's, so that only rules about paths hold for it. */
const RESTORE_AS_TOOL = 'rewind_restore';

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
