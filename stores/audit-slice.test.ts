/** The Audit view in the store: pages read newest first and appended, a refusal in the relay's words, a read that lands after closing dropped. */
import { expect, it } from 'vitest';
import type { AuditAction } from '../lib/protocol/roles';
import { ROLE_ERROR_CODE } from '../lib/protocol/roles';
import { AUDIT_PAGE_SIZE } from './audit-slice';
import { createBatonStore } from './baton-store';
import { FakeBatonRpc, WireError } from './testing/fake-baton-rpc';

const RECORDED = AUDIT_PAGE_SIZE * 2 + 7;
/** Newest first: action 0 is the latest. */
const recorded: AuditAction[] = Array.from({ length: RECORDED }, (_, index) => ({
  threadId: `thread-${index % 3}`,
  actor: { kind: 'user', name: `user-${index}` },
  action: 'prompt',
  at: new Date(Date.UTC(2026, 0, 1) - index * 1000).toISOString(),
}));

function pagedRelay(): FakeBatonRpc {
  return new FakeBatonRpc({
    'audit/list': (params) => {
      const from = params?.cursor === undefined ? 0 : Number(params.cursor);
      const to = from + (params?.limit ?? 100);
      return { actions: recorded.slice(from, to), ...(to < RECORDED ? { nextCursor: String(to) } : {}) };
    },
  });
}

it('reads the newest page on opening, appends each older page, and stops at the oldest', async () => {
  const rpc = pagedRelay();
  const store = createBatonStore(rpc);
  await store.getState().showAudit(true);
  expect(store.getState().auditList?.actions).toEqual(recorded.slice(0, AUDIT_PAGE_SIZE));
  expect(rpc.requests.at(-1)?.params).toEqual({ limit: AUDIT_PAGE_SIZE });

  await store.getState().loadOlderAudit();
  await store.getState().loadOlderAudit();
  expect(store.getState().auditList?.actions).toEqual(recorded);
  expect(store.getState().auditList?.nextCursor).toBeUndefined();
  expect(rpc.requests.map((request) => request.params)).toEqual([
    { limit: AUDIT_PAGE_SIZE },
    { limit: AUDIT_PAGE_SIZE, cursor: String(AUDIT_PAGE_SIZE) },
    { limit: AUDIT_PAGE_SIZE, cursor: String(AUDIT_PAGE_SIZE * 2) },
  ]);
  // Nothing older: no request.
  await store.getState().loadOlderAudit();
  expect(rpc.requests).toHaveLength(3);

  // Closing forgets; opening again reads the newest page afresh.
  await store.getState().showAudit(false);
  expect(store.getState().auditList).toBeNull();
  await store.getState().showAudit(true);
  expect(store.getState().auditList?.actions).toHaveLength(AUDIT_PAGE_SIZE);
});

it("shows the relay's refusal in its words and keeps nothing", async () => {
  const refusal =
    'audit/list is not allowed from "vera": the viewer role may only read threads and follow the inbox, not read the audit list of every thread.';
  const store = createBatonStore(
    new FakeBatonRpc({
      'audit/list': () => {
        throw new WireError(ROLE_ERROR_CODE, refusal);
      },
    }),
  );
  await store.getState().showAudit(true);
  expect(store.getState()).toMatchObject({ auditList: null, auditLoading: false, auditError: `Could not read the audit list: ${refusal}` });
});

it('drops a page that comes after the view was closed', async () => {
  let answer: (() => void) | undefined;
  const store = createBatonStore(
    new FakeBatonRpc({
      'audit/list': () =>
        new Promise((resolve) => {
          answer = () => resolve({ actions: recorded.slice(0, 1) });
        }),
    }),
  );
  const opening = store.getState().showAudit(true);
  expect(store.getState().auditLoading).toBe(true);
  await store.getState().showAudit(false);
  answer?.();
  await opening;
  expect(store.getState()).toMatchObject({ auditShown: false, auditList: null, auditLoading: false });
});
