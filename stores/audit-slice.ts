/**
 * The Audit view: who did what on every thread (`audit/list` without a thread, an operator's
 * only), newest first, a page at a time; "Load older" asks for the page after the last one read.
 */
import type { AuditAction } from '../lib/protocol/roles';
import { errorMessage } from './baton-rpc';
import type { BatonSliceCreator } from './baton-state';

/** The actions one page of the Audit view holds. */
export const AUDIT_PAGE_SIZE = 50;

export interface AuditList {
  /** Newest first, every page read so far. */
  actions: AuditAction[];
  /** Where the next older page starts; absent once the oldest action is read. */
  nextCursor?: string;
}

export interface AuditSlice {
  /** Whether the Audit view is open (the command palette opens it). */
  auditShown: boolean;
  /** The list as read since the view last opened; null until its first page comes. */
  auditList: AuditList | null;
  /** A page is being read. */
  auditLoading: boolean;
  /** Why the last read failed, in the relay's words; cleared by the next that succeeds. */
  auditError: string | null;
  /** Opens the view, reading the newest page again (resolves once read); closing it forgets what was read. */
  showAudit(shown: boolean): Promise<void>;
  /** Reads the newest page, replacing what was read. */
  loadAudit(): Promise<void>;
  /** Reads the page older than the last one read, after it. */
  loadOlderAudit(): Promise<void>;
}

export const createAuditSlice: BatonSliceCreator<AuditSlice> = (rpc) => (set, get) => {
  // Each read is numbered: one started before the view was closed or read afresh lands nowhere.
  let latestRead = 0;
  const read = async (cursor: string | undefined) => {
    const reading = ++latestRead;
    set({ auditLoading: true });
    try {
      const page = await rpc.request('audit/list', { limit: AUDIT_PAGE_SIZE, ...(cursor === undefined ? {} : { cursor }) });
      if (reading !== latestRead) return;
      const before = cursor === undefined ? [] : (get().auditList?.actions ?? []);
      set({ auditList: { actions: [...before, ...page.actions], nextCursor: page.nextCursor }, auditLoading: false, auditError: null });
    } catch (error) {
      if (reading === latestRead) set({ auditLoading: false, auditError: `Could not read the audit list: ${errorMessage(error)}` });
    }
  };
  return {
    auditShown: false,
    auditList: null,
    auditLoading: false,
    auditError: null,
    async showAudit(shown) {
      latestRead += 1;
      set({ auditShown: shown, auditList: null, auditLoading: false, auditError: null });
      if (shown) await read(undefined);
    },
    loadAudit: () => read(undefined),
    async loadOlderAudit() {
      const cursor = get().auditList?.nextCursor;
      if (cursor === undefined || get().auditLoading) return;
      await read(cursor);
    },
  };
};
