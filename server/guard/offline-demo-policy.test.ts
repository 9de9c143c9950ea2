import { describe, expect, it } from 'vitest';
import { ApprovalPolicy } from './approval-policy';
import { OFFLINE_DEMO_ASKS, OfflineDemoApprovalPolicy } from './offline-demo-policy';

const write = { name: 'write_file', arguments: { path: 'baton-demo.md' }, readOnly: false };
const read = { name: 'read_file', arguments: { path: 'README.md' }, readOnly: true };

describe('the offline demo policy', () => {
  it('asks before every change, even where the config file allows it', () => {
    const policy = new OfflineDemoApprovalPolicy(new ApprovalPolicy([{ tool: 'write_file', decision: 'allow' }]));
    expect(policy.decide(write)).toMatchObject({ decision: 'ask', alwaysAsks: OFFLINE_DEMO_ASKS });
    expect(new OfflineDemoApprovalPolicy(new ApprovalPolicy()).decide(write)).toMatchObject({
      decision: 'ask',
      alwaysAsks: OFFLINE_DEMO_ASKS,
    });
  });

  it('keeps the user rules for reads and a deny', () => {
    const policy = new OfflineDemoApprovalPolicy(new ApprovalPolicy([{ tool: 'write_file', decision: 'deny' }]));
    expect(policy.decide(write).decision).toBe('deny');
    expect(policy.decide(read).decision).toBe('allow');
  });
});
