/** A thread on a scripted relay that pages and streams it as the real one does, for the store's window tests. */
import type { ThreadEntry } from '../../lib/protocol/thread-model';
import type { GetThreadEntriesParams, SequencedContentReceivedParams, ThreadSnapshot } from '../../lib/protocol/thread-events';
import { createBatonStore, selectOpenChat } from '../baton-store';
import { scriptedRelay } from './fake-baton-rpc';

export const message = (text: string): ThreadEntry => ({ type: 'message', role: 'user', chunks: [{ type: 'text', chunk: text }] });

/**
 * A thread as the relay keeps it, one event per entry, paged as getThreadEntries pages it
 * (server/relay/thread-entries-page.ts). `onRequest` runs after the page is read and before it is
 * answered: what happens on the relay while the answer travels.
 */
export function liveThread(length: number) {
  const entries: ThreadEntry[] = Array.from({ length }, (_, index) => message(`entry ${index}`));
  const state = { turnRunning: false, onRequest: (_params: GetThreadEntriesParams) => {} };
  const page = (params: GetThreadEntriesParams): ThreadSnapshot => {
    const total = entries.length;
    const limit = params.limit ?? total;
    let start = Math.max(0, total - limit);
    if (params.before !== undefined) start = Math.max(0, params.before - limit);
    if (params.after !== undefined) start = Math.min(params.after + 1, total);
    if (params.around !== undefined) start = Math.max(0, Math.min(params.around - Math.floor(limit / 2), total - limit));
    const end = params.before ?? Math.min(total, start + limit);
    return { entries: entries.slice(start, end), firstIndex: start, lastSeq: entries.length, turnRunning: state.turnRunning };
  };
  const rpc = scriptedRelay({
    getThreadEntries: (params) => {
      const answer = page(params);
      state.onRequest(params);
      return answer;
    },
  });
  const store = createBatonStore(rpc);
  /** An entry added on the relay, and the live event every tab receives for it. */
  const append = (text: string): SequencedContentReceivedParams => {
    entries.push(message(text));
    return { chatId: 'thread-1', role: 'user', content: { type: 'text', text }, seq: entries.length };
  };
  const chat = () => selectOpenChat(store.getState());
  const requests = () =>
    rpc.requests.filter((request) => request.method === 'getThreadEntries').map((request) => request.params as GetThreadEntriesParams);
  return { entries, state, store, rpc, append, chat, requests };
}

export type LiveThread = ReturnType<typeof liveThread>;
