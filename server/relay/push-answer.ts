/**
 * `POST /push-answer` with `{"key": "…", "action": "approve" | "reject"}`: the service worker's
 * answer to an approval from its notification's Approve or Reject (public/baton-sw.js). The key came
 * in that one push, encrypted for that browser alone (./push-sender.ts), and answers that one
 * question once, so the request needs no token, as the sign-in exchange needs none; it passes the
 * guarded handler's Host and Origin checks first (./http-handler.ts), like every request
 * that is not a GET. The body must be JSON and is read up to PUSH_ANSWER_MAX_BODY_BYTES.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PushAnswerRequestSchema } from '../../lib/protocol/push';
import { parseJson, readBounded } from './sign-in-exchange';
import type { PushAnswerTarget, PushSender } from '../push/push-sender';

const PUSH_ANSWER_MAX_BODY_BYTES = 1024;

export interface PushAnswerOptions {
  push: PushSender;
  /** Answers the question as the thread's card would; false when it no longer waits. */
  answer(target: PushAnswerTarget, action: 'approve' | 'reject'): Promise<boolean>;
  log: (message: string) => void;
}

export function createPushAnswer({ push, answer, log }: PushAnswerOptions) {
  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/json') {
      request.resume();
      return reply(response, 415, { error: 'An answer is sent as JSON: {"key": "…", "action": "approve"}.' });
    }
    const body = await readBounded(request, PUSH_ANSWER_MAX_BODY_BYTES);
    if (body.kind === 'failed') return void response.destroy();
    if (body.kind === 'too-large') {
      response.setHeader('Connection', 'close');
      return reply(response, 413, { error: `An answer holds at most ${PUSH_ANSWER_MAX_BODY_BYTES} bytes.` });
    }
    const parsed = PushAnswerRequestSchema.safeParse(parseJson(body.text));
    if (!parsed.success)
      return reply(response, 400, {
        error: 'An answer is {"key": "…", "action": "approve" | "reject"}, with the key its notification came with.',
      });
    const target = push.takeAnswerKey(parsed.data.key);
    const gone = 'This question was answered already, or its notification is too old: open the thread to see it.';
    if (!target) return reply(response, 404, { error: gone });
    try {
      if (!(await answer(target, parsed.data.action))) return reply(response, 404, { error: gone });
    } catch (error) {
      log(`could not ${parsed.data.action} a tool call from a notification: ${String(error)}`);
      return reply(response, 500, { error: `The answer could not be given: ${String(error)}` });
    }
    log(`a tool call was ${parsed.data.action === 'approve' ? 'approved' : 'rejected'} from a push notification`);
    return reply(response, 200, { answered: parsed.data.action });
  };
}

function reply(response: ServerResponse, status: number, body: { error: string } | { answered: string }): void {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  response.end(JSON.stringify(body));
}
