import { expect, it } from 'vitest';
import { PUSH_ANSWER_DEVICE } from '../../lib/protocol/push';
import { auditActionText } from './audit-action-text';

it('names who did what: a user by name, a device as a device, the main token as the owner', () => {
  expect(auditActionText({ actor: { kind: 'user', name: 'april' }, action: 'approve' })).toBe('april approved a tool call');
  expect(auditActionText({ actor: { kind: 'device', name: PUSH_ANSWER_DEVICE }, action: 'reject' })).toBe(
    'a notification rejected a tool call',
  );
  expect(auditActionText({ actor: { kind: 'device', name: 'Phone' }, action: 'stop' })).toBe('Phone (device) stopped a turn');
  expect(auditActionText({ actor: { kind: 'owner', name: 'owner' }, action: 'revertFile' })).toBe('owner (main token) reverted a file');
});
