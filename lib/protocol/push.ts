/**
 * Web Push on the browser protocol: the second half of "approve from anywhere". A tab subscribes
 * its browser (`push/subscribe`, the PushSubscription's JSON with the threads it mutes), and from
 * then on every inbox alert (lib/protocol/inbox.ts: something waits in a thread no visible tab
 * looks at) is also pushed to that browser, encrypted for it alone (RFC 8291), signed with the
 * relay's VAPID key (`push/publicKey`). Subscribing again with the same endpoint replaces its
 * muted threads. The push's payload is a PushMessage, which the service worker (public/baton-sw.js)
 * shows; an approval's carries a one-time answer key that the worker sends back on Approve or Reject.
 */
import { z } from 'zod';
import { ThreadIdSchema } from './thread-model';

/** A browser's PushSubscription, as its toJSON() gives it. */
export const PushSubscriptionSchema = z.object({
  /** Push services are reached over HTTPS only. */
  endpoint: z.url({ protocol: /^https$/ }).max(2000),
  expirationTime: z.number().nullish(),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});
export type PushSubscriptionJson = z.infer<typeof PushSubscriptionSchema>;

export const PushSubscribeParamsSchema = z.object({
  subscription: PushSubscriptionSchema,
  /** Threads this browser hears nothing of. */
  muted: z.array(ThreadIdSchema).max(10_000).default([]),
});
export type PushSubscribeParams = z.infer<typeof PushSubscribeParamsSchema>;

export const PushUnsubscribeParamsSchema = z.object({ endpoint: z.string() });

/** The path the service worker posts an answer to (under the relay's base path). */
export const PUSH_ANSWER_PATH = 'push-answer';

/** Where the review says an answer came from when it came from a notification's Approve or Reject. */
export const PUSH_ANSWER_DEVICE = 'a notification';
export const PushAnswerRequestSchema = z.object({
  key: z.string().min(1).max(200),
  action: z.enum(['approve', 'reject']),
});
export type PushAnswerRequest = z.infer<typeof PushAnswerRequestSchema>;

/**
 * The relay's order of its pushes (milliseconds since the epoch, each greater than the last). Two
 * pushes may reach a browser in either order; the worker shows no alert sent before the close of
 * its tag that it has already had.
 */
const PushSentSchema = z.number().int().nonnegative();

/** What a push carries: what the notification shows, and what its clicks do. */
export const PushMessageSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** One notification per item: a second push of the same item replaces the first. */
  tag: z.string(),
  threadId: ThreadIdSchema,
  /** Approvals only: answers Approve and Reject once, through POST /push-answer. */
  answerKey: z.string().optional(),
  sent: PushSentSchema,
});
export type PushMessage = z.infer<typeof PushMessageSchema>;

/**
 * A push that shows nothing: the item of that tag left the inbox (answered in a tab, on another
 * device, or its turn ended), so the worker closes the notification it showed for it.
 */
export const PushCloseMessageSchema = z.object({ close: z.literal(true), tag: z.string(), sent: PushSentSchema });
export type PushCloseMessage = z.infer<typeof PushCloseMessageSchema>;

export const pushRequests = {
  'push/publicKey': { params: z.object({}).nullish(), result: z.object({ publicKey: z.string() }) },
  'push/subscribe': { params: PushSubscribeParamsSchema, result: z.null() },
  'push/unsubscribe': { params: PushUnsubscribeParamsSchema, result: z.null() },
} as const;
