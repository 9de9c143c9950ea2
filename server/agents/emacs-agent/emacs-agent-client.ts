/**
 * Emacs-Agent's REST API (specs/emacs-agent-http-sse.md, "HTTP REST API"), one typed call per
 * endpoint of the shared table (lib/protocol/emacs-agent/emacs-agent-endpoints.ts), over Node's
 * own fetch. Answers are parsed with the table's schemas; failures become one of two errors:
 * - EmacsAgentRequestError: the backend answered, with an HTTP status and perhaps an application
 *   error body ("Error Codes"); its message says both in words.
 * - AgentUnavailableError: the backend could not be reached, did not answer in time, or said 503.
 *
 * Every answer is bounded before it is parsed: its body read up to MAX_ANSWER_BYTES as it streams,
 * within the request's timeout, its JSON no deeper than MAX_JSON_DEPTH. No redirect is followed,
 * not even to the same origin: the spec has none, and one to another port would carry the token
 * and the body there.
 */
import { STATUS_CODES } from 'node:http';
import type { z } from 'zod';
import { isJsonTextTooDeep, MAX_JSON_DEPTH } from '../../../lib/json/json-bounds';
import { type EmacsAgentEndpointName, emacsAgentEndpoints, emacsAgentPath } from '../../../lib/protocol/emacs-agent/emacs-agent-endpoints';
import {
  EmacsAgentErrorBodySchema,
  EmacsAgentErrorCodes,
  EmacsAgentHttpStatus,
} from '../../../lib/protocol/emacs-agent/emacs-agent-errors';
import { AgentUnavailableError } from '../agent-backend';
import { withoutNulls } from './without-nulls';

/** The largest answer read: a long session's transcript fits many times over. */
export const MAX_ANSWER_BYTES = 32 * 1024 * 1024;

type Endpoints = typeof emacsAgentEndpoints;
export type EmacsAgentResponse<N extends EmacsAgentEndpointName> = z.output<Endpoints[N]['response']>;
type RequestBody<N extends EmacsAgentEndpointName> = Endpoints[N] extends { request: infer R extends z.ZodType } ? z.input<R> : never;
type Query<N extends EmacsAgentEndpointName> = Endpoints[N] extends { query: infer Q extends z.ZodType } ? z.input<Q> : never;

export interface EmacsAgentCall<N extends EmacsAgentEndpointName> {
  sessionId?: string;
  body?: RequestBody<N>;
  query?: Query<N>;
  signal?: AbortSignal;
}

export interface EmacsAgentClientOptions {
  /** The config entry's `url`: the backend's base, with or without the spec's `/api`. */
  url: string;
  token?: string;
  /** Names the backend in messages: the agent's name in config.json. */
  name: string;
  /** How long a request may take to be answered (default 5 s): a hung backend is a down one. */
  requestTimeoutMs?: number;
}

/** The backend answered with a failure status. */
export class EmacsAgentRequestError extends Error {
  override readonly name = 'EmacsAgentRequestError';
  constructor(
    message: string,
    readonly status: number,
    /** The application error code of the body ("Error Codes"), when it had one. */
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

/** The session is unknown to the backend (ended, or lost in a restart of the backend). */
export function isSessionNotFound(error: unknown): boolean {
  return (
    error instanceof EmacsAgentRequestError &&
    (error.code === EmacsAgentErrorCodes.SessionNotFound || (error.code === undefined && error.status === EmacsAgentHttpStatus.NotFound))
  );
}

export class EmacsAgentClient {
  /** Where the spec's paths (which start with `/api`) are put after. */
  readonly origin: string;
  private readonly requestTimeoutMs: number;

  constructor(private readonly options: EmacsAgentClientOptions) {
    // The config documents the base URL ending in `/api`, as the spec's "Base URL" does, while the
    // endpoint table holds full paths starting with `/api`: that `/api` is said once.
    this.origin = options.url.replace(/\/+$/, '').replace(/\/api$/, '');
    this.requestTimeoutMs = options.requestTimeoutMs ?? 5_000;
  }

  async call<N extends EmacsAgentEndpointName>(name: N, call: EmacsAgentCall<N> = {}): Promise<EmacsAgentResponse<N>> {
    const endpoint: (typeof emacsAgentEndpoints)[EmacsAgentEndpointName] = emacsAgentEndpoints[name];
    const url = new URL(this.origin + emacsAgentPath(name, call.sessionId));
    if ('query' in endpoint && call.query !== undefined) {
      for (const [key, value] of Object.entries(endpoint.query.parse(call.query) as Record<string, unknown>)) {
        if (value !== undefined) url.searchParams.set(key, String(value));
      }
    }
    const body = 'request' in endpoint ? JSON.stringify(endpoint.request.parse(call.body ?? {})) : undefined;
    const what = `${endpoint.method} ${url.pathname}`;
    const answer = await this.send(
      what,
      url,
      {
        method: endpoint.method,
        headers: this.headers(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        body,
        signal: call.signal,
      },
      (response) => this.readAnswer(what, response),
    );
    const parsed = endpoint.response.safeParse(answer);
    if (!parsed.success) {
      throw new Error(
        `${this.label} answered ${what} with a body Baton does not understand: ${parsed.error.issues[0]?.message ?? 'invalid'}`,
      );
    }
    return parsed.data as EmacsAgentResponse<N>;
  }

  /**
   * Opens the session's event stream ("Event Stream Endpoint"), resuming after `lastEventId`
   * when one is known. The body streams until `signal` aborts or the backend ends it.
   */
  async openEvents(sessionId: string, lastEventId: string, signal: AbortSignal): Promise<Response> {
    const url = new URL(this.origin + emacsAgentPath('subscribeEvents', sessionId));
    const what = `GET ${url.pathname}`;
    const headers = this.headers({ Accept: 'text/event-stream', 'Cache-Control': 'no-cache' });
    if (lastEventId !== '') headers['Last-Event-ID'] = lastEventId;
    return this.send(what, url, { method: 'GET', headers, signal }, async (response) => {
      if (!response.ok) await this.readAnswer(what, response);
      return response;
    });
  }

  get label(): string {
    return `The Emacs-Agent backend "${this.options.name}" (${this.origin})`;
  }

  private headers(extra: Record<string, string>): Record<string, string> {
    return { ...extra, ...(this.options.token === undefined ? {} : { Authorization: `Bearer ${this.options.token}` }) };
  }

  /**
   * Sends a request and hands its answer to `read`, all within the request timeout: a hung
   * backend is a down one, and so is one that drips its body. An event stream's body is read
   * after `read` returns (it never ends), so its timeout covers the headers only.
   */
  private async send<T>(
    what: string,
    url: URL,
    init: RequestInit & { signal?: AbortSignal },
    read: (response: Response) => Promise<T>,
  ): Promise<T> {
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), this.requestTimeoutMs);
    const signal = init.signal ? AbortSignal.any([init.signal, timeout.signal]) : timeout.signal;
    try {
      const response = await fetch(url, { ...init, signal, redirect: 'manual' });
      if (isRedirect(response.status)) {
        await response.body?.cancel();
        const where = response.headers.get('location') ?? 'nowhere said';
        throw new EmacsAgentRequestError(
          `${this.label} answered ${what} with ${response.status} ${STATUS_CODES[response.status] ?? ''}, a redirect to ${clip(where)}. Baton follows no redirect of an agent backend: set its url in config.json to where it serves.`,
          response.status,
          undefined,
        );
      }
      return await read(response);
    } catch (error) {
      if (init.signal?.aborted || error instanceof EmacsAgentRequestError || error instanceof AgentUnavailableError) throw error;
      const reason = timeout.signal.aborted
        ? `did not answer ${what} within ${this.requestTimeoutMs / 1000} s`
        : `is not reachable (${networkReason(error)})`;
      throw new AgentUnavailableError(`${this.label} ${reason}. Is it running?`, { cause: error });
    } finally {
      clearTimeout(timer);
    }
  }

  /** The JSON (or, for transcripts in Markdown and Org, the text) of a success; the error of a failure. */
  private async readAnswer(what: string, response: Response): Promise<unknown> {
    const refuse = (why: string) =>
      new EmacsAgentRequestError(`${this.label} answered ${what} with ${why}; it was not read.`, response.status, undefined);
    const text = await readBounded(response, MAX_ANSWER_BYTES, () => refuse(`a body larger than ${MAX_ANSWER_BYTES} bytes`));
    const isJson = response.headers.get('content-type')?.includes('json') ?? false;
    // Read before parsing: withoutNulls and the schemas recurse into what is parsed. An error
    // body that deep is reported by its text.
    const tooDeep = isJson && isJsonTextTooDeep(text);
    if (tooDeep && response.ok) throw refuse(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
    const json = isJson && !tooDeep ? parseJson(text) : undefined;
    if (response.ok) return json === undefined ? text : withoutNulls(json);
    const status = `${response.status} ${STATUS_CODES[response.status] ?? ''}`.trim();
    const body = EmacsAgentErrorBodySchema.safeParse(json === undefined ? undefined : withoutNulls(json));
    const said = body.success ? `${body.data.error.message} (${body.data.error.code})` : clip(text.trim()) || 'no details';
    const message = `${this.label} answered ${what} with ${status}: ${said}.${hint(response.status)}`;
    if (response.status === EmacsAgentHttpStatus.ServiceUnavailable) throw new AgentUnavailableError(message);
    throw new EmacsAgentRequestError(message, response.status, body.success ? body.data.error.code : undefined);
  }
}

function hint(status: number): string {
  if (status === 401 || status === 403) return ' Check the token of this agent in config.json.';
  if (status === EmacsAgentHttpStatus.TooManyRequests) return ' Try again in a moment.';
  if (status === EmacsAgentHttpStatus.ServiceUnavailable) return ' The backend is not ready yet.';
  return '';
}

function networkReason(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as NodeJS.ErrnoException | undefined) : undefined;
  if (cause?.code === 'ECONNREFUSED') return 'connection refused';
  if (cause?.code === 'ENOTFOUND') return 'unknown host';
  return cause?.message ?? (error instanceof Error ? error.message : String(error));
}

function isRedirect(status: number): boolean {
  return status >= 300 && status < 400;
}

/** The body as text, read as it streams and given up past `maxBytes`, never buffered whole first. */
async function readBounded(response: Response, maxBytes: number, tooLarge: () => Error): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // Not JSON after all: the caller reports the text itself.
    return undefined;
  }
}

function clip(text: string): string {
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}
