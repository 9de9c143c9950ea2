/**
 * The inbox as a tab holds it: every question waiting across threads and agents, and the turns
 * that ended unwatched, as the relay lists them (`inbox/list`, then `inbox/changed`); the alerts
 * the relay sends for threads no one looks at; and whether this tab can be seen, which the relay
 * is told. Answers go out as the thread's own card sends them, so the card closes with them.
 */
import type { ElicitationAction } from '../lib/protocol/elicitation';
import type { InboxApproval, InboxElicitation, InboxItem } from '../lib/protocol/inbox';
import { errorMessage } from './baton-rpc';
import type { BatonSliceCreator } from './baton-state';

export interface InboxAnswer {
  approve: boolean;
  /** One of the agent's own options, when the question offered some. */
  optionId?: string;
}

export interface InboxSlice {
  inbox: readonly InboxItem[];
  /** The relay's latest alert; `serial` tells a repeat from the same alert seen again. */
  inboxAlert: { item: InboxItem; serial: number } | null;
  /** Whether this tab's page can be seen (the Page Visibility API); told with the thread it shows. */
  tabVisible: boolean;
  /** Tells the relay whether this tab can be seen, then lists the inbox: at each (re)connection. */
  loadInbox(): Promise<void>;
  receiveInbox(items: readonly InboxItem[]): void;
  receiveInboxAlert(item: InboxItem): void;
  reportVisibility(visible: boolean): void;
  /** Tells the relay the thread this tab shows now (the store calls it when the selection changes). */
  reportShownThread(): void;
  /** Answers a question from the inbox, with the thread's own method. */
  answerInboxQuestion(question: InboxApproval, answer: InboxAnswer): void;
  /** Answers an agent's question from the inbox (`thread/answerElicitation`); resolves with the relay's refusal, or null. */
  answerInboxElicitation(question: InboxElicitation, action: ElicitationAction): Promise<string | null>;
}

export const createInboxSlice: BatonSliceCreator<InboxSlice> = (rpc) => (set, get) => {
  const tellView = () => rpc.notify('tab/visibility', { visible: get().tabVisible, threadId: get().selectedThreadId });
  return {
    inbox: [],
    inboxAlert: null,
    tabVisible: true,

    async loadInbox() {
      try {
        tellView();
        const { items } = await rpc.request('inbox/list', null);
        set({ inbox: items });
      } catch (error) {
        // The inbox is a view: the next change the relay tells of makes it good.
        console.warn(`[baton] the inbox could not be listed: ${errorMessage(error)}`);
      }
    },

    receiveInbox(items) {
      set({ inbox: items });
    },

    receiveInboxAlert(item) {
      set((state) => ({ inboxAlert: { item, serial: (state.inboxAlert?.serial ?? 0) + 1 } }));
    },

    reportVisibility(visible) {
      if (visible === get().tabVisible) return;
      set({ tabVisible: visible });
      // Told again at the next connection when there is none now.
      if (get().connectionStatus === 'connected') tellView();
    },

    reportShownThread() {
      if (get().connectionStatus === 'connected') tellView();
    },

    answerInboxQuestion(question, { approve, optionId }) {
      const chatId = question.threadId;
      const toolCallId = question.id;
      const chosen = optionId === undefined ? {} : { optionId };
      if (approve) rpc.notify('chat/toolCallApprove', { chatId, toolCallId, ...chosen });
      else rpc.notify('chat/toolCallReject', { chatId, toolCallId, ...chosen });
      // Gone from this tab's list at once; the relay's next list says the same once it is recorded.
      set((state) => ({ inbox: state.inbox.filter((item) => item !== question) }));
    },

    async answerInboxElicitation(question, action) {
      try {
        await rpc.request('thread/answerElicitation', { threadId: question.threadId, elicitationId: question.id, action });
      } catch (error) {
        // Answered or ended meanwhile, most likely: the relay's list says so next.
        return errorMessage(error);
      }
      set((state) => ({ inbox: state.inbox.filter((item) => item !== question) }));
      return null;
    },
  };
};
