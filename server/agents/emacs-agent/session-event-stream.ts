/**
 * One session's event stream ("Event Stream Endpoint"), kept open for as long as Baton holds the
 * session, read with the SSE parser and checked against the shared event schemas.
 *
 * The spec gives no event ids, but the SSE standard (and axum's `Event::id`) has them: when the
 * backend numbers its events, a cut stream is reopened with `Last-Event-ID` so that it resumes
 * where it stopped, and any event whose id was already seen (a backend that replays more than it
 * must) is dropped, so nothing is lost or repeated. A backend without ids can lose what it sent
 * while the stream was down; nothing on the client can recover that.
 *
 * Reconnecting waits the backend's `retry:` (or 250 ms), doubling up to 2 s; when the stream
 * cannot be reopened for `giveUpAfterMs` (3 s), or the backend refuses it outright (401, 404),
 * the stream fails and the turn reading it with it. An unknown event type, a frame that is not
 * JSON (or is nested deeper than MAX_JSON_DEPTH) or whose name disagrees with its data is logged
 * and skipped: the stream stays. A line or an event past the parser's bounds, or more events
 * waiting than MAX_QUEUED_EVENTS, fails the stream: reopening it would only bring the same again.
 */
import { isJsonTextTooDeep, MAX_JSON_DEPTH } from '../../../lib/json/json-bounds';
import { AgentUnavailableError } from '../agent-backend';
import { type EmacsAgentSseEvent, EmacsAgentSseFrameSchema } from '../../../lib/protocol/emacs-agent/sse-events';
import { type EmacsAgentClient, EmacsAgentRequestError } from './emacs-agent-client';
import { SseLimitError, type SseMessage, SseParser } from './sse-parser';
import { withoutNulls } from './without-nulls';

export interface SessionEventStreamOptions {
  client: EmacsAgentClient;
  sessionId: string;
  log: (message: string) => void;
  initialRetryMs?: number;
  maxRetryMs?: number;
  giveUpAfterMs?: number;
}

export interface StreamedEvent {
  event: EmacsAgentSseEvent;
  /** The event's own SSE id, when the backend numbers its events. */
  id: string | undefined;
}

/** Ids remembered to drop repeats: far more than one turn's events. */
const REMEMBERED_IDS = 10_000;
/** Events kept while no turn reads them (a stopped turn's last ones): a backend that floods them is broken. */
export const MAX_QUEUED_EVENTS = 10_000;

export class SessionEventStream {
  private readonly queue: StreamedEvent[] = [];
  private wake: (() => void) | undefined;
  private failure: Error | undefined;
  private readonly seenIds = new Set<string>();
  private lastEventId = '';
  private retryMs: number;
  private readonly controller = new AbortController();

  private constructor(private readonly options: SessionEventStreamOptions) {
    this.retryMs = options.initialRetryMs ?? 250;
  }

  /** Resolves once the backend accepted the first connection: events of a prompt sent after it are not missed. */
  static async open(options: SessionEventStreamOptions): Promise<SessionEventStream> {
    const stream = new SessionEventStream(options);
    const first = await options.client.openEvents(options.sessionId, '', stream.controller.signal);
    void stream.run(first);
    return stream;
  }

  /** Why the stream can no longer deliver events; undefined while it can. */
  get failed(): Error | undefined {
    return this.failure;
  }

  /** The next event; undefined when `signal` aborts first; throws once the stream has failed. */
  async next(signal: AbortSignal): Promise<StreamedEvent | undefined> {
    for (;;) {
      const event = this.queue.shift();
      if (event) return event;
      if (this.failure) throw this.failure;
      if (signal.aborted) return undefined;
      await new Promise<void>((resolve) => {
        const done = () => {
          signal.removeEventListener('abort', done);
          this.wake = undefined;
          resolve();
        };
        this.wake = done;
        signal.addEventListener('abort', done, { once: true });
      });
    }
  }

  /** Takes what arrived while no turn was reading (events of an earlier, stopped turn). */
  takeQueued(): StreamedEvent[] {
    return this.queue.splice(0);
  }

  close(): void {
    this.controller.abort();
    this.fail(new Error('the event stream was closed'));
  }

  private async run(first: Response): Promise<void> {
    let response: Response | undefined = first;
    let failingSince: number | undefined;
    let attempt = 0;
    while (!this.controller.signal.aborted) {
      if (response) {
        const reason = await this.read(response);
        if (this.controller.signal.aborted || this.failure) return;
        this.options.log(
          `the event stream of session ${this.options.sessionId} was cut (${reason}); reopening it after event "${this.lastEventId}"`,
        );
        response = undefined;
        failingSince = Date.now();
        attempt = 0;
      }
      await sleep(Math.min(this.retryMs * 2 ** attempt, this.options.maxRetryMs ?? 2_000), this.controller.signal);
      attempt += 1;
      try {
        response = await this.options.client.openEvents(this.options.sessionId, this.lastEventId, this.controller.signal);
      } catch (error) {
        if (this.controller.signal.aborted) return;
        const retryable =
          error instanceof AgentUnavailableError ||
          (error instanceof EmacsAgentRequestError && (error.status >= 500 || error.status === 429));
        const giveUpAfterMs = this.options.giveUpAfterMs ?? 3_000;
        if (!retryable || Date.now() - (failingSince ?? 0) >= giveUpAfterMs) {
          const why = error instanceof Error ? error.message : String(error);
          this.fail(
            new AgentUnavailableError(`The event stream of the Emacs-Agent session was cut and could not be reopened: ${why}`, {
              cause: error,
            }),
          );
          return;
        }
      }
    }
  }

  /** Reads a response to its end; resolves with why it ended. */
  private async read(response: Response): Promise<string> {
    const parser = new SseParser(
      { onMessage: (message) => this.accept(message), onRetry: (milliseconds) => (this.retryMs = Math.max(milliseconds, 10)) },
      this.lastEventId,
    );
    if (!response.body) return 'the answer has no body';
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return 'the backend ended it';
        parser.push(decoder.decode(value, { stream: true }));
      }
    } catch (error) {
      if (error instanceof SseLimitError) {
        this.fail(
          new AgentUnavailableError(
            `${this.options.client.label} sent ${error.message} on the event stream of session ${this.options.sessionId}; Baton stopped reading it.`,
            { cause: error },
          ),
        );
        this.controller.abort();
        return error.message;
      }
      return error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    } finally {
      parser.end();
      reader.releaseLock();
    }
  }

  private accept(message: SseMessage): void {
    if (message.id !== undefined) {
      if (this.seenIds.has(message.id)) {
        this.options.log(`dropped event ${message.id} of session ${this.options.sessionId}: already received`);
        return;
      }
      this.remember(message.id);
    }
    this.lastEventId = message.lastEventId;
    if (isJsonTextTooDeep(message.data)) {
      this.options.log(`skipped an event of session ${this.options.sessionId} whose data is nested deeper than ${MAX_JSON_DEPTH} levels`);
      return;
    }
    let data: unknown;
    try {
      data = withoutNulls(JSON.parse(message.data));
    } catch (error) {
      this.options.log(
        `skipped an event of session ${this.options.sessionId} whose data is not JSON (${String(error)}): ${message.data.slice(0, 200)}`,
      );
      return;
    }
    // An event without `event:` is a 'message' to the SSE standard; its data's type names it.
    const name = message.event === 'message' && isObject(data) ? String(data.type) : message.event;
    const frame = EmacsAgentSseFrameSchema.safeParse({ event: name, data });
    if (!frame.success) {
      this.options.log(
        `skipped an event of session ${this.options.sessionId} Baton does not know (${name}): ${frame.error.issues[0]?.message}`,
      );
      return;
    }
    if (this.queue.length >= MAX_QUEUED_EVENTS) {
      this.fail(
        new AgentUnavailableError(
          `${this.options.client.label} sent more than ${MAX_QUEUED_EVENTS} events of session ${this.options.sessionId} that nothing read; Baton stopped reading them.`,
        ),
      );
      this.controller.abort();
      return;
    }
    this.queue.push({ event: frame.data.data, id: message.id });
    this.wake?.();
  }

  private remember(id: string): void {
    this.seenIds.add(id);
    if (this.seenIds.size > REMEMBERED_IDS) this.seenIds.delete(this.seenIds.values().next().value!);
  }

  private fail(error: Error): void {
    this.failure ??= error;
    this.wake?.();
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function sleep(milliseconds: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, milliseconds);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
