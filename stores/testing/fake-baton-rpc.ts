/** A scripted stand-in for the relay connection, for store tests. Records what the store sent. */
import type { BatonProtocol } from '../../lib/protocol/baton-protocol';
import type { NotificationParams, RequestParams, RequestResult } from '../../lib/protocol/protocol-definition';
import type { BatonNotificationMethod, BatonRequestMethod, BatonRpc } from '../baton-rpc';

export type FakeHandlers = {
  [M in BatonRequestMethod]?: (
    params: RequestParams<BatonProtocol, M>,
  ) => RequestResult<BatonProtocol, M> | Promise<RequestResult<BatonProtocol, M>>;
};

export class WireError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export class FakeBatonRpc implements BatonRpc {
  readonly requests: { method: BatonRequestMethod; params: unknown }[] = [];
  readonly notifications: { method: BatonNotificationMethod; params: unknown }[] = [];

  constructor(private readonly handlers: FakeHandlers = {}) {}

  async request<M extends BatonRequestMethod>(
    method: M,
    params: RequestParams<BatonProtocol, M>,
  ): Promise<RequestResult<BatonProtocol, M>> {
    this.requests.push({ method, params });
    const handler = this.handlers[method] as FakeHandlers[M] | undefined;
    if (!handler) throw new WireError(-32601, `no handler for ${method}`);
    return handler(params);
  }

  notify<N extends BatonNotificationMethod>(method: N, params: NotificationParams<BatonProtocol, N>): void {
    this.notifications.push({ method, params });
  }

  methodsRequested(): BatonRequestMethod[] {
    return this.requests.map((request) => request.method);
  }
}

const MODIFIED_AT = '2025-01-01T00:00:00.000Z';

/** A relay with one thread and no history that accepts every request; `handlers` override. */
export function scriptedRelay(handlers: FakeHandlers = {}): FakeBatonRpc {
  return new FakeBatonRpc({
    initialize: () => ({}),
    getThreads: () => ({ threads: [{ id: 'thread-1', title: 'First', modifiedAt: MODIFIED_AT }] }),
    createThread: () => ({ threadId: 'thread-new' }),
    openThread: () => null,
    getThreadEntries: () => ({ entries: [], lastSeq: 0, turnRunning: false }),
    getThreadEvents: () => ({ events: [], turnRunning: false }),
    'chat/prompt': ({ chatId }) => ({ chatId: chatId ?? '', model: 'offline-demo', status: 'prompting' }),
    'chat/queryContext': () => ({ contexts: [] }),
    'chat/queryCommands': () => ({ commands: [] }),
    'chat/delete': () => ({}),
    globSearch: () => ({ matches: [] }),
    listDirectory: () => ({ entries: [], truncated: false }),
    readTextFile: ({ path }) => ({ version: 1, content: `text of ${path}` }),
    ...handlers,
  });
}
