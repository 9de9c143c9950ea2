/**
 * A scripted Anthropic-compatible Messages API on loopback: the offline demo model, and the model
 * every test talks to through the real `@anthropic-ai/sdk` (DESIGN.md, decision 6). The SDK calls
 * `${baseURL}/v1/messages`; this answers the same SSE sequence and JSON errors the real API does.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { conversationProblem, type MessagesRequest, MessagesRequestSchema, thinkingProblem } from './messages-request';
import { estimateInputTokens, type ModelScript, type ScriptedReply } from './scripted-reply';
import { type ReplyIdentity, replyToMessage, replyToStreamSteps, resolveBlocks } from './scripted-reply-events';

/** The real API's own request size limit. */
const MAX_REQUEST_BYTES = 32 * 1024 * 1024;

export interface ScriptedModelServerOptions {
  script: ModelScript;
  /** Loopback by default: the demo model must not be reachable from the network. */
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /**
   * Whether `requests` and `apiKeys` keep what was received (the default, for tests). The offline
   * demo model and the bench keep nothing: each request carries its conversation's whole history,
   * so a kept log grew by the conversation's size at every turn, megabytes a turn in a long thread.
   */
  keepRequests?: boolean;
}

export interface ScriptedModelServer {
  /** Pass as the SDK's `baseURL` or as ANTHROPIC_BASE_URL, e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** Every well-formed request received, oldest first, so tests can check what the model was told (empty unless kept). */
  requests: MessagesRequest[];
  /** The key each of those requests carried (`x-api-key`, or the bearer token the SDK sends), in order. */
  apiKeys: Array<string | undefined>;
  /** Stops listening and cuts open connections, including streams held by a test's hook. */
  close(): Promise<void>;
}

/** A request answered with an Anthropic-style error body instead of a message. */
class RequestError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

export async function startScriptedModelServer(options: ScriptedModelServerOptions): Promise<ScriptedModelServer> {
  const { script, host = '127.0.0.1', port = 0, keepRequests = true } = options;
  const requests: MessagesRequest[] = [];
  const apiKeys: Array<string | undefined> = [];
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}_scripted_${(counter += 1)}`;

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      const failure =
        error instanceof RequestError ? error : new RequestError(500, 'api_error', `The model script failed: ${String(error)}`);
      sendError(response, failure.status, failure.type, failure.message, false);
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (pathname !== '/v1/messages') throw new RequestError(404, 'not_found_error', `Not found: ${pathname}`);
    if (request.method !== 'POST') throw new RequestError(405, 'invalid_request_error', 'Use POST for /v1/messages.');
    const body = parseRequestBody(await readBody(request));
    if (keepRequests) {
      requests.push(body);
      apiKeys.push(request.headers['x-api-key']?.toString() ?? /^Bearer (.*)$/.exec(request.headers.authorization ?? '')?.[1]);
    }
    const disconnected = new AbortController();
    response.on('close', () => {
      if (!response.writableFinished) disconnected.abort();
    });
    const reply = await script(body, { signal: disconnected.signal });
    if ('error' in reply) {
      const { status, type, message, shouldRetry = false } = reply.error;
      sendError(response, status, type, message, shouldRetry);
      return;
    }
    const identity: ReplyIdentity = {
      messageId: nextId('msg'),
      model: body.model,
      inputTokens: estimateInputTokens(body),
    };
    const blocks = resolveBlocks(reply.blocks, () => nextId('toolu'));
    if (body.stream === true) {
      await streamReply(response, reply, replyToStreamSteps(reply, blocks, identity), disconnected.signal);
    } else {
      sendJson(response, 200, replyToMessage(reply, blocks, identity));
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const printableHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  return {
    url: `http://${printableHost}:${address.port}`,
    requests,
    apiKeys,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

async function streamReply(
  response: ServerResponse,
  reply: ScriptedReply,
  steps: ReturnType<typeof replyToStreamSteps>,
  disconnected: AbortSignal,
): Promise<void> {
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    'request-id': `req_scripted_${Date.now()}`,
  });
  let deltasSent = 0;
  for (const step of steps) {
    // The client went away (the user pressed Stop): stop producing, as the real API does.
    if (disconnected.aborted) return;
    if (step.isDelta) {
      if (reply.breakConnectionAfterDeltas !== undefined && deltasSent >= reply.breakConnectionAfterDeltas) {
        response.socket?.destroy();
        return;
      }
      if (reply.streamError !== undefined && deltasSent >= reply.streamError.afterDeltas) {
        sendError(response, 500, reply.streamError.type, reply.streamError.message, false);
        return;
      }
      if (deltasSent > 0 && reply.delayBetweenDeltasMs) await sleep(reply.delayBetweenDeltasMs);
      await reply.beforeDelta?.(deltasSent, disconnected);
      if (disconnected.aborted) return;
      deltasSent += 1;
    }
    // Waiting for each write to reach the socket makes a later break cut the stream exactly
    // after the deltas already sent, instead of discarding what is still buffered.
    await new Promise<void>((resolve) => {
      response.write(`event: ${step.event}\ndata: ${JSON.stringify(step.data)}\n\n`, () => resolve());
    });
  }
  response.end();
}

function parseRequestBody(raw: string): MessagesRequest {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new RequestError(400, 'invalid_request_error', 'The request body is not valid JSON.');
  }
  const parsed = MessagesRequestSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`);
    throw new RequestError(400, 'invalid_request_error', problems.join('; '));
  }
  const problem = conversationProblem(parsed.data.messages) ?? thinkingProblem(parsed.data);
  if (problem !== undefined) throw new RequestError(400, 'invalid_request_error', problem);
  return parsed.data;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_REQUEST_BYTES) {
      throw new RequestError(413, 'request_too_large', `Requests are limited to ${MAX_REQUEST_BYTES} bytes.`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function sendError(response: ServerResponse, status: number, type: string, message: string, shouldRetry: boolean): void {
  if (response.headersSent) {
    // Mid-stream, the real API reports failures as an `error` event.
    if (!response.destroyed) {
      response.end(`event: error\ndata: ${JSON.stringify({ type: 'error', error: { type, message } })}\n\n`);
    }
    return;
  }
  response.setHeader('x-should-retry', String(shouldRetry));
  sendJson(response, status, { type: 'error', error: { type, message } });
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}
