/**
 * How a command the rules let through runs: in the OS sandbox with the network off, as config.json's
 * `sandbox` section sets by default, unless the rule that decided the call says otherwise
 * (`"sandbox": false`, `"network": true`). Said on the card before the user answers.
 */
import type { ApprovalVerdict } from './approval-policy';
import type { SandboxChoice } from '../process/command-sandbox';

export function sandboxChoiceFor(verdict: ApprovalVerdict, defaults: SandboxChoice): SandboxChoice {
  const rule = verdict.rule?.rule;
  return { sandbox: rule?.sandbox ?? defaults.sandbox, network: rule?.network ?? defaults.network };
}
