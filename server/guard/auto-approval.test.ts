import { describe, expect, it } from 'vitest';
import { ApprovalPolicy } from './approval-policy';
import { autoApprovalOf } from './auto-approval';
import { OfflineDemoApprovalPolicy } from './offline-demo-policy';

const read = { name: 'read_file', arguments: { path: 'notes.md' }, readOnly: true };
const write = { name: 'write_file', arguments: { path: 'notes.md', content: 'x' }, readOnly: false };

describe('autoApprovalOf', () => {
  it("names Baton's defaults for a read no rule is about, even when a config file has rules", () => {
    const policy = new ApprovalPolicy([{ tool: 'write_file', decision: 'allow' }], '.baton/config.json');
    expect(autoApprovalOf(policy.decide(read), policy)).toEqual({ autoApproved: 'default' });
    expect(autoApprovalOf(new ApprovalPolicy().decide(read), new ApprovalPolicy())).toEqual({ autoApproved: 'default' });
  });

  it('names the rule and its file for a call a rule of the config file allowed', () => {
    const policy = new ApprovalPolicy(
      [{ tool: 'write_file', decision: 'allow', when: { argument: 'path', startsWith: 'notes' } }],
      '/etc/baton/config.json',
    );
    expect(autoApprovalOf(policy.decide(write), policy)).toEqual({
      autoApproved: 'config',
      approvingRule: { file: '/etc/baton/config.json', rule: 'allow write_file when path starts with "notes"' },
    });
  });

  it('names a rule allowing a read too, which the defaults would have allowed anyway', () => {
    const policy = new ApprovalPolicy([{ tool: 'read_file', decision: 'allow' }], '.baton/config.json');
    expect(autoApprovalOf(policy.decide(read), policy)).toMatchObject({
      autoApproved: 'config',
      approvingRule: { rule: 'allow read_file' },
    });
  });

  it('says a config rule without a file when the policy was given none', () => {
    const policy = new ApprovalPolicy([{ tool: 'write_file', decision: 'allow' }]);
    expect(autoApprovalOf(policy.decide(write), policy)).toEqual({ autoApproved: 'config' });
  });

  it("keeps the user's file behind the offline demo's policy", () => {
    const policy = new OfflineDemoApprovalPolicy(new ApprovalPolicy([{ tool: 'read_file', decision: 'allow' }], '.baton/config.json'));
    expect(autoApprovalOf(policy.decide(read), policy)).toMatchObject({ approvingRule: { file: '.baton/config.json' } });
  });
});
