/**
 * Pushes the inbox's alerts (a question waiting, a turn ended, where no visible tab looks) to every
 * browser subscribed, save those that muted the thread. Each push is encrypted for its browser
 * (RFC 8291) and signed with the relay's VAPID key, so the push service reads none of it. An
 * approval's push carries a one-time answer key: the service worker sends it back with Approve or
 * Reject (server/relay/push-answer.ts), which answers that one question and nothing else; the relay's token
 * never leaves the page. Once an item pushed leaves the inbox (answered in a tab or on another
 * device, or its turn over), the browsers it went to get a push that closes its notification. A
 * browser whose subscription is gone (404, 410) is forgotten.
 */
import { randomBytes } from 'node:crypto';
import type { Agent } from 'node:https';
import { notificationText } from '../../lib/inbox/notification-text';
import { type InboxItem, type InboxItemName, inboxItemKey } from '../../lib/protocol/inbox';
import type { PushCloseMessage, PushMessage, PushSubscribeParams, PushSubscriptionJson } from '../../lib/protocol/push';
import { type PushState, readPushState, writePushState } from './push-file';

/** Loaded once something is pushed or a key made: a relay no browser subscribes to never loads it. */
async function loadWebPush(): Promise<typeof import('web-push')> {
  const loaded = await import('web-push');
  // A CommonJS package: Node hands its exports over as `default`, a bundler or tsx may not.
  return (loaded as { default?: typeof import('web-push') }).default ?? loaded;
}

/** The VAPID subject: who runs the sender; a relay has no address of its own to give. */
const SUBJECT = 'mailto:baton@localhost';
/** A push waits this long at the push service for a browser that is offline. */
const TTL_SECONDS = 12 * 60 * 60;
/** A push's payload holds about 4 KB; what is shown is cut well short of it. */
const MAX_TITLE = 200;
const MAX_BODY = 1000;
/** Answer keys of questions long gone, and the tags of notifications long gone, are dropped, oldest first, past this many. */
const MAX_ANSWER_KEYS = 1000;

export interface PushSenderOptions {
  dataDir: string;
  log: (message: string) => void;
  /** How the push services are reached; a test gives one that trusts its own loopback endpoint. */
  agent?: Agent;
}

/** The question an answer key answers. */
export interface PushAnswerTarget {
  threadId: string;
  toolCallId: string;
}

export class PushSender {
  private state: Promise<PushState | undefined>;
  private changes: Promise<unknown> = Promise.resolve();
  private closed = false;
  /** Each browser pushed an approval gets a key of its own: its answer says which browser closed its notification. */
  private readonly answerKeys = new Map<string, PushAnswerTarget & { endpoint: string }>();
  /** The notifications pushed and not yet closed: each one's tag, and the browsers it went to. */
  private readonly shown = new Map<string, Set<string>>();
  private lastSent = 0;

  constructor(private readonly options: PushSenderOptions) {
    this.state = readPushState(options.dataDir);
    this.state.catch((error: unknown) => options.log(`push notifications are off: ${String(error)}`));
  }

  /** The relay's VAPID public key (made and kept on first use), which a browser subscribes with. */
  async publicKey(): Promise<string> {
    return (await this.loadOrCreate()).vapid.publicKey;
  }

  /** Adds the browser, or replaces the threads it mutes when it is subscribed already. */
  async subscribe({ subscription, muted }: PushSubscribeParams): Promise<void> {
    // Made outside the change below: a change waits for those before it, so it cannot start another.
    await this.loadOrCreate();
    await this.change(async () => {
      const state = await this.loadOrCreate();
      const others = state.subscriptions.filter((entry) => entry.subscription.endpoint !== subscription.endpoint);
      return { ...state, subscriptions: [...others, { subscription, muted }] };
    });
  }

  unsubscribe(endpoint: string): Promise<void> {
    return this.change(async () => {
      const state = await this.state;
      if (!state?.subscriptions.some((entry) => entry.subscription.endpoint === endpoint)) return undefined;
      return { ...state, subscriptions: state.subscriptions.filter((entry) => entry.subscription.endpoint !== endpoint) };
    });
  }

  /** The question a key answers, once: a key is spent by its first use. */
  takeAnswerKey(key: string): PushAnswerTarget | undefined {
    const found = this.answerKeys.get(key);
    this.answerKeys.delete(key);
    if (!found) return undefined;
    const { endpoint, ...target } = found;
    // Its notification closed itself when clicked: only the other browsers need to be told.
    this.shown.get(inboxItemKey({ threadId: target.threadId, kind: 'approval', id: target.toolCallId }))?.delete(endpoint);
    return target;
  }

  /** Sends the item to every subscribed browser that does not mute its thread; resolves when all were tried. */
  async alert(item: InboxItem): Promise<void> {
    // Marked before anything is awaited: an item withdrawn meanwhile is not pushed at all.
    const tag = inboxItemKey(item);
    const sent = this.stamp();
    const shown = new Set<string>();
    this.shown.delete(tag);
    this.shown.set(tag, shown);
    for (const oldest of this.shown.keys()) {
      if (this.shown.size <= MAX_ANSWER_KEYS) break;
      this.shown.delete(oldest);
    }
    // A push.json that could not be read was logged when it was read; with no state, nothing is pushed.
    const state = await this.state.catch(() => undefined);
    const targets = state?.subscriptions.filter((entry) => !entry.muted.includes(item.threadId)) ?? [];
    if (!state || targets.length === 0 || this.shown.get(tag) !== shown) {
      if (this.shown.get(tag) === shown) this.shown.delete(tag);
      return;
    }
    for (const { subscription } of targets) shown.add(subscription.endpoint);
    await this.send(
      state,
      targets.map((entry) => entry.subscription),
      (endpoint) => this.messageOf(item, endpoint, sent),
    );
  }

  /** The item left the inbox: the browsers that were pushed its notification are told to close it. */
  async withdraw(item: InboxItemName): Promise<void> {
    const tag = inboxItemKey(item);
    // Stamped before anything is awaited: it orders after the alert it withdraws, whichever arrives first.
    const sent = this.stamp();
    const endpoints = this.shown.get(tag);
    // Never pushed (a tab looked at it, or no browser subscribed): nothing to close.
    if (!endpoints) return;
    this.shown.delete(tag);
    // As in alert(): an unreadable push.json was logged when read, and then nothing is pushed.
    const state = await this.state.catch(() => undefined);
    const targets = state?.subscriptions.filter((entry) => endpoints.has(entry.subscription.endpoint)) ?? [];
    if (!state || targets.length === 0) return;
    const message: PushCloseMessage = { close: true, tag, sent };
    await this.send(
      state,
      targets.map((entry) => entry.subscription),
      () => message,
    );
  }

  private async send(
    state: PushState,
    subscriptions: PushSubscriptionJson[],
    messageFor: (endpoint: string) => PushMessage | PushCloseMessage,
  ): Promise<void> {
    const webpush = await loadWebPush();
    await Promise.all(
      subscriptions.map((subscription) =>
        webpush
          .sendNotification(subscription, JSON.stringify(messageFor(subscription.endpoint)), {
            vapidDetails: { subject: SUBJECT, ...state.vapid },
            TTL: TTL_SECONDS,
            ...(this.options.agent ? { agent: this.options.agent } : {}),
          })
          .catch((error: unknown) => this.failed(subscription.endpoint, error)),
      ),
    );
  }

  /** The next push's place in the relay's order: the clock, or one past the last when the clock has not moved on. */
  private stamp(): number {
    this.lastSent = Math.max(Date.now(), this.lastSent + 1);
    return this.lastSent;
  }

  private messageOf(item: InboxItem, endpoint: string, sent: number): PushMessage {
    const { title, body } = notificationText(item);
    const message: PushMessage = {
      title: cut(title, MAX_TITLE),
      body: cut(body, MAX_BODY),
      tag: inboxItemKey(item),
      threadId: item.threadId,
      sent,
    };
    if (item.kind !== 'approval') return message;
    const answerKey = randomBytes(24).toString('base64url');
    this.answerKeys.set(answerKey, { threadId: item.threadId, toolCallId: item.id, endpoint });
    for (const oldest of this.answerKeys.keys()) {
      if (this.answerKeys.size <= MAX_ANSWER_KEYS) break;
      this.answerKeys.delete(oldest);
    }
    return { ...message, answerKey };
  }

  private async failed(endpoint: string, error: unknown): Promise<void> {
    const host = new URL(endpoint).host;
    const { WebPushError } = await loadWebPush();
    if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
      this.options.log(`a browser's push subscription at ${host} has ended; it is forgotten`);
      await this.unsubscribe(endpoint);
      return;
    }
    const status = error instanceof WebPushError ? `${error.statusCode} ${error.body}` : String(error);
    this.options.log(`could not push a notification to ${host}: ${status}`);
  }

  /** The state, with a new key pair made and written first when there is none. */
  private async loadOrCreate(): Promise<PushState> {
    const existing = await this.state;
    if (existing) return existing;
    const webpush = await loadWebPush();
    await this.change(async () => ((await this.state) ? undefined : { vapid: webpush.generateVAPIDKeys(), subscriptions: [] }));
    const made = await this.state;
    if (!made) throw new Error('the push keys could not be made');
    return made;
  }

  /**
   * Takes no more changes, and resolves once those under way are written: push.json is not
   * rewritten after the relay closed (a push that failed late would forget its browser then).
   */
  async close(): Promise<void> {
    this.closed = true;
    await this.changes;
  }

  /** One change at a time, each written before the next reads the state; undefined: nothing to change. */
  private async change(apply: () => Promise<PushState | undefined>): Promise<void> {
    if (this.closed) throw new Error('push notifications take no more changes: the relay is stopping');
    const next = this.changes.then(async () => {
      const changed = await apply();
      if (!changed) return;
      await writePushState(this.options.dataDir, changed);
      this.state = Promise.resolve(changed);
    });
    // The caller gets this change's error (await next); the chain goes on to the next change regardless.
    this.changes = next.catch(() => undefined);
    await next;
  }
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
