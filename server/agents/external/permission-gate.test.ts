import { describe, expect, it } from 'vitest';
import type { ApprovalOption } from '../../../lib/protocol/agents';
import { ApprovalPolicy } from '../../guard/approval-policy';
import { createRecordingTurn } from '../../hub/testing/recording-turn';
import { PermissionGate, pickOption } from './permission-gate';

const call = { origin: 'native' as const, id: 'call-1', name: 'shell', server: 'claude', arguments: { command: 'rm -rf build' } };
const options: ApprovalOption[] = [
  { optionId: 'yes', name: 'Allow', kind: 'allow_once' },
  { optionId: 'always', name: 'Always allow', kind: 'allow_always' },
  { optionId: 'no', name: 'Reject', kind: 'reject_once' },
];

describe('PermissionGate', () => {
  it("refuses what the relay's rules deny without asking, and says so on the card", async () => {
    const gate = new PermissionGate(
      new ApprovalPolicy([{ tool: 'shell', decision: 'deny', when: { argument: 'command', matches: '\\brm\\b' } }]),
    );
    const recording = createRecordingTurn({ message: 'clean', decide: () => 'approved' });
    expect(await gate.request(recording.turn, { call, readOnly: false, options })).toEqual({ decision: 'rejected', decidedBy: 'config' });
    expect(recording.approvalsAsked).toEqual([]);
    expect(recording.entries().at(-1)).toMatchObject({ type: 'toolCall', status: 'rejected', reason: 'user-config' });
  });

  it('runs what a rule allows without asking', async () => {
    const gate = new PermissionGate(new ApprovalPolicy([{ tool: 'shell', decision: 'allow' }]));
    const recording = createRecordingTurn({ message: 'go' });
    expect(await gate.request(recording.turn, { call, readOnly: false })).toEqual({ decision: 'approved', decidedBy: 'config' });
    expect(recording.entries().at(-1)).toMatchObject({ type: 'toolCall', status: 'running' });
  });

  it('records which rule of which config file allowed a call, and that the defaults allowed a read', async () => {
    const gate = new PermissionGate(new ApprovalPolicy([{ tool: 'shell', decision: 'allow' }], '.baton/config.json'));
    const allowed = createRecordingTurn({ message: 'go' });
    await gate.request(allowed.turn, { call, readOnly: false });
    expect(allowed.contents[0]).toMatchObject({
      type: 'toolCallRun',
      autoApproved: 'config',
      approvingRule: { file: '.baton/config.json', rule: 'allow shell' },
    });
    expect(allowed.entries().at(-1)).toMatchObject({
      approval: { decision: 'approved', by: 'config-rule', rule: { file: '.baton/config.json', rule: 'allow shell' } },
    });

    const read = createRecordingTurn({ message: 'look' });
    const lookup = { ...call, id: 'call-2', name: 'read', arguments: { path: 'notes.md' } };
    expect(await gate.request(read.turn, { call: lookup, readOnly: true })).toEqual({ decision: 'approved', decidedBy: 'config' });
    expect(read.contents[0]).toMatchObject({ type: 'toolCallRun', autoApproved: 'default' });
    expect(read.contents[0]).not.toHaveProperty('approvingRule');
    expect(read.entries().at(-1)).toMatchObject({ approval: { decision: 'approved', by: 'default-rule' } });
  });

  it("asks with the agent's own options and reports the one picked", async () => {
    const gate = new PermissionGate(new ApprovalPolicy());
    const recording = createRecordingTurn({ message: 'go', decide: () => ({ decision: 'approved', optionId: 'always' }) });
    const outcome = await gate.request(recording.turn, { call, readOnly: false, options });
    expect(outcome).toEqual({ decision: 'approved-for-session', optionId: 'always', decidedBy: 'user' });
    expect(recording.contents[0]).toMatchObject({ type: 'toolCallRun', manualApproval: true, approvalOptions: options });
    expect(pickOption(options, outcome)?.optionId).toBe('always');

    const again = createRecordingTurn({ message: 'again' });
    expect(await gate.request(again.turn, { call: { ...call, id: 'call-2' }, readOnly: false, options })).toEqual({
      decision: 'approved',
      decidedBy: 'session',
    });
    expect(again.approvalsAsked).toEqual([]);
  });

  it('marks a rejection on the card and picks the rejecting option', async () => {
    const gate = new PermissionGate(new ApprovalPolicy());
    const recording = createRecordingTurn({ message: 'go', decide: () => 'rejected' });
    const outcome = await gate.request(recording.turn, { call, readOnly: false, options });
    expect(outcome.decision).toBe('rejected');
    expect(pickOption(options, outcome)?.optionId).toBe('no');
    expect(recording.entries().at(-1)).toMatchObject({ type: 'toolCall', status: 'rejected', reason: 'user-choice' });
  });
});
