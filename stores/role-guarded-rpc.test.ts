import { describe, expect, it } from 'vitest';
import type { TabActor } from '../lib/protocol/roles';
import type { BatonRpc } from './baton-rpc';
import { withRoleGuard } from './role-guarded-rpc';

function guarded(actor: TabActor | null) {
  const sent: string[] = [];
  const refusals: string[] = [];
  const rpc: BatonRpc = {
    request: async () => {
      throw new Error('not used');
    },
    notify: (method) => void sent.push(method),
  };
  return {
    rpc: withRoleGuard(
      rpc,
      () => actor,
      (message) => void refusals.push(message),
    ),
    sent,
    refusals,
  };
}

describe('a page that knows its role', () => {
  it("keeps a viewer's approval from the relay and says why, in the relay's words", () => {
    const { rpc, sent, refusals } = guarded({ kind: 'user', name: 'vera', role: 'viewer' });
    rpc.notify('chat/toolCallApprove', { chatId: 't', toolCallId: 'c' });
    rpc.notify('tab/visibility', { visible: true });
    expect(sent).toEqual(['tab/visibility']);
    expect(refusals).toEqual([
      'chat/toolCallApprove is not allowed from "vera": the viewer role may only read threads and follow the inbox, not approve a tool call.',
    ]);
  });

  it("sends an approver's approval, and everything of an operator or of a relay that named no role", () => {
    for (const actor of [{ kind: 'user', name: 'april', role: 'approver' } as const, null]) {
      const { rpc, sent, refusals } = guarded(actor);
      rpc.notify('chat/toolCallApprove', { chatId: 't', toolCallId: 'c' });
      expect(sent).toEqual(['chat/toolCallApprove']);
      expect(refusals).toEqual([]);
    }
  });
});
