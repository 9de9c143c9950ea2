/**
 * Which approval rules refuse a rewind's restore: a `deny` about changing the path, on any tool
 * that writes it; never a rule about reading, nor one that would only ask.
 */
import { expect, it } from 'vitest';
import { ApprovalPolicy } from '../guard/approval-policy';
import type { ToolApprovalRule } from '../guard/agent-config';
import { policyRestoreGuard } from './policy-restore-guard';

const refusal = (rules: ToolApprovalRule[], file: string, access: 'write' | 'delete' = 'write') =>
  policyRestoreGuard(new ApprovalPolicy(rules)).refusal(file, access);

it('refuses a write or a removal a deny rule about changing the path covers, naming the rule', () => {
  const rules: ToolApprovalRule[] = [{ tool: 'edit_file', decision: 'deny', when: { argument: 'path', startsWith: 'secret/' } }];
  expect(refusal(rules, 'secret/key.txt')).toBe('refused by your config (deny edit_file when path starts with "secret/")');
  expect(refusal(rules, 'secret/key.txt', 'delete')).toBe('refused by your config (deny edit_file when path starts with "secret/")');
  expect(refusal(rules, 'notes.txt')).toBeUndefined();
  expect(refusal([{ action: 'write', path: { equals: 'notes.txt' }, decision: 'deny' }], 'notes.txt')).toBe(
    'refused by your config (deny write when path equals "notes.txt")',
  );
  // A rule about the agent's tool as a whole says nothing about Baton's own restores.
  expect(refusal([{ tool: 'write_file', decision: 'deny' }], 'notes.txt')).toBeUndefined();
});

it('lets a restore through for a rule about reading, a rule that asks, and no rule at all', () => {
  expect(
    refusal([{ tool: 'read_file', decision: 'deny', when: { argument: 'path', startsWith: 'secret/' } }], 'secret/key.txt'),
  ).toBeUndefined();
  expect(
    refusal([{ tool: 'write_file', decision: 'ask', when: { argument: 'path', startsWith: 'secret/' } }], 'secret/key.txt'),
  ).toBeUndefined();
  expect(refusal([], 'secret/key.txt')).toBeUndefined();
});
