/**
 * Owns the socket and the JSON-RPC connection over it, and wires the relay's notifications and the
 * socket's lifecycle into the store. The socket reconnects by itself; every `connect` (the first
 * and each after a drop) resynchronises the store.
 */
import { io } from 'socket.io-client';
import { batonProtocol, UNAUTHORIZED_MESSAGE } from '../../lib/protocol/baton-protocol';
import { RpcConnection } from '../../lib/rpc/rpc-connection';
import { createSocketIoTransport } from '../../lib/rpc/socket-io-transport';
import type { BatonState, BatonStore } from '../../stores/baton-store';
import { explainRefusal, NO_TOKEN_MESSAGE } from './explain-refusal';
import { frameBatched } from './frame-batched';
import type { RelayLink } from './relay-link';
import { type AddressCredential, browserTokenKeeper, type TokenKeeper } from './relay-token';
import { exchangeSignInCode, type SignInCodeExchange } from './sign-in-code-exchange';
import { socketIoPath } from '../app-address/app-base';

const REQUEST_TIMEOUT_MS = 30_000;

/** Connects to the relay that served this page; returns the function that disconnects. */
export function connectRelay(
  store: BatonStore,
  link: RelayLink,
  tokens: TokenKeeper = browserTokenKeeper(),
  exchangeCode: SignInCodeExchange = exchangeSignInCode,
): () => void {
  // A token from the address (or got for its sign-in code) is tried first and kept once the relay accepts it.
  let untried: string | undefined;
  let closed = false;
  // Same origin, WebSocket only: its handshake always carries the page's Origin, which the relay
  // checks. The token goes in the connect's `auth` payload, read afresh at every reconnect.
  const socket = io({
    path: socketIoPath(),
    autoConnect: false,
    transports: ['websocket'],
    auth: (send) => send({ token: untried ?? tokens.stored() }),
  });
  // Why a page without any token was refused, should the relay refuse it: behind a team's trusted
  // proxy, the relay signs the page in from the proxy's header, so a page without a token tries too.
  let refusalWithoutToken: string | undefined;
  const connectWithToken = (refusal = NO_TOKEN_MESSAGE) => {
    refusalWithoutToken = untried === undefined && tokens.stored() === undefined ? refusal : undefined;
    socket.connect();
  };
  /** Tries what the address carries: a token as it is, a sign-in code once exchanged for one. */
  const connectWith = async ({ token, code }: AddressCredential) => {
    if (code === undefined) {
      untried = token;
      return connectWithToken();
    }
    const answer = await exchangeCode(code);
    if (closed) return;
    if ('token' in answer) {
      untried = answer.token;
      return connectWithToken();
    }
    // A used or expired code costs a tab that is signed in already nothing: it goes on with its token.
    untried = undefined;
    console.warn(`[baton] ${answer.error}`);
    connectWithToken(answer.error);
  };
  const stopWatching = tokens.watchAddress(() => {
    const found = tokens.takeFromAddress();
    if (found.token === undefined && found.code === undefined) return;
    socket.disconnect();
    void connectWith(found);
  });
  const connection = new RpcConnection(batonProtocol, createSocketIoTransport(socket), {
    requestTimeoutMs: REQUEST_TIMEOUT_MS,
    onProtocolError: (error) => console.warn(`[baton] relay sent something unexpected: ${error.message}`),
  });
  // A streamed answer's pieces reach the store once a frame, all of the frame's at once
  // (./frame-batched.ts), in order; any other notification, or the socket dropping, hands on
  // those waiting first, so that what the relay said after them comes after them.
  const contents = frameBatched((batch: Parameters<BatonState['receiveChatContent']>[0][]) => {
    try {
      store.getState().receiveChatContents(batch);
    } catch (error) {
      console.warn(`[baton] streamed contents could not be shown: ${error instanceof Error ? error.message : String(error)}`);
    }
  });
  const afterContents =
    <P>(handle: (params: P) => void) =>
    (params: P) => {
      contents.flush();
      handle(params);
    };
  connection.onNotification('chat/contentReceived', (params) => contents.push(params));
  connection.onNotification(
    'config/updated',
    afterContents((params) => store.getState().receiveConfig(params)),
  );
  connection.onNotification(
    'tool/serverUpdated',
    afterContents((params) => store.getState().receiveToolServer(params)),
  );
  connection.onNotification(
    'agent/loginUpdated',
    afterContents((params) => store.getState().receiveAgentLogin(params)),
  );
  connection.onNotification(
    '$/showMessage',
    afterContents((params) => store.getState().showMessage(params)),
  );
  connection.onNotification(
    'thread/updated',
    afterContents(({ thread }) => store.getState().receiveThreadUpdated(thread)),
  );
  connection.onNotification(
    'thread/deleted',
    afterContents(({ threadId }) => store.getState().receiveThreadDeleted(threadId)),
  );
  connection.onNotification('agents/installProgress', (params) => store.getState().receiveAgentInstallProgress(params));
  connection.onNotification(
    'inbox/changed',
    afterContents(({ items }) => store.getState().receiveInbox(items)),
  );
  connection.onNotification(
    'inbox/alert',
    afterContents(({ item }) => store.getState().receiveInboxAlert(item)),
  );
  link.attach(connection);

  socket.on('connect', () => {
    if (untried !== undefined) tokens.keep(untried);
    untried = undefined;
    void store.getState().synchronize();
  });
  socket.on('disconnect', (reason) => {
    contents.flush();
    store.getState().connectionLost();
    // The relay ended this socket on purpose (`baton token --rotate`): socket.io would not come
    // back by itself; connecting again hears why, in words the tab shows.
    if (reason === 'io server disconnect') socket.connect();
  });
  socket.on('connect_error', (error) => {
    const from = untried === undefined ? 'storage' : 'address';
    const withoutToken = error.message === UNAUTHORIZED_MESSAGE ? refusalWithoutToken : undefined;
    store.getState().connectionFailed(withoutToken ?? explainRefusal(error.message, from));
    // A wrong token in the address (a stale URL, or a page elsewhere that sent the user here with
    // one) does not cost the tab the token it already holds.
    if (error.message === UNAUTHORIZED_MESSAGE && from === 'address' && tokens.stored() !== undefined) {
      untried = undefined;
      socket.connect();
    }
  });

  void connectWith(tokens.takeFromAddress());

  return () => {
    closed = true;
    contents.cancel();
    stopWatching();
    link.detach(connection);
    connection.close();
    socket.disconnect();
  };
}
