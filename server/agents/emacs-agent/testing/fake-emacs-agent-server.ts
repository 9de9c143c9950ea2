/**
 * A fake Emacs-Agent backend for tests and for the browser tests (through
 * run-fake-emacs-agent.ts): a real HTTP server on 127.0.0.1 that serves every endpoint of
 * specs/emacs-agent-http-sse.md with the shared schemas, the event stream with numbered events
 * (resumable with Last-Event-ID), the spec's error bodies and statuses, and an optional bearer
 * token. What a prompt does is chosen by keywords: see fake-emacs-agent-script.ts.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { z } from 'zod';
import { EmacsAgentErrorCodes } from '../../../../lib/protocol/emacs-agent/emacs-agent-errors';
import {
  ApproveToolCallRequestSchema,
  CreateSessionRequestSchema,
  GetTranscriptQuerySchema,
  PromptRequestSchema,
  RejectToolCallRequestSchema,
} from '../../../../lib/protocol/emacs-agent/rest-bodies';
import { FakeSession } from './fake-emacs-agent-session';
import { runScript } from './fake-emacs-agent-script';
import { sessionTranscript } from './fake-transcript';

export interface FakeEmacsAgentOptions {
  /** When set, every request must carry `Authorization: Bearer <token>`. */
  token?: string;
  port?: number;
  /** Called when a prompt says "crash", after the server stopped: the standalone runner exits. */
  onCrash?: () => void;
  /** Awaited before each session is created: a test holds the creation (a slow backend) until it lets it go on. */
  beforeCreate?: () => Promise<void>;
}

export interface FakeEmacsAgent {
  /** The base URL for config.json, ending in `/api` as the spec's "Base URL". */
  url: string;
  sessions: Map<string, FakeSession>;
  /** Every request as "METHOD /path", in order. */
  requests: string[];
  /** Every prompt text received. */
  prompts: { sessionId: string; text: string }[];
  /** Resolves at the next request whose "METHOD /path" matches (a test waits for the client to reconnect, say). */
  untilRequest(pattern: RegExp): Promise<void>;
  /** As a backend restarted without its sessions: every session is forgotten and its streams cut. */
  forgetSessions(): Promise<void>;
  close(): Promise<void>;
}

class HttpFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export async function startFakeEmacsAgent(options: FakeEmacsAgentOptions = {}): Promise<FakeEmacsAgent> {
  const sessions = new Map<string, FakeSession>();
  const requests: string[] = [];
  const prompts: FakeEmacsAgent['prompts'] = [];
  const waiters: { pattern: RegExp; resolve: () => void }[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((request, response) => {
    const line = `${request.method} ${new URL(request.url ?? '/', 'http://fake').pathname}`;
    requests.push(line);
    for (const waiter of waiters.filter(({ pattern }) => pattern.test(line))) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
    route(request, response).catch((error: unknown) => {
      const failure = error instanceof HttpFailure ? error : new HttpFailure(500, 'INTERNAL', String(error));
      if (response.headersSent) return void response.destroy();
      sendJson(response, failure.status, { error: { code: failure.code, message: failure.message, details: {} } });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  let closed: Promise<void> | undefined;
  const close = () => {
    closed ??= (async () => {
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const session of sessions.values()) session.running?.abort();
      await Promise.all([...sessions.values()].map((session) => session.dropStreams()));
      for (const socket of sockets) socket.destroy();
      await stopped;
    })();
    return closed;
  };

  const session = (id: string): FakeSession => {
    const found = sessions.get(id);
    if (!found) throw new HttpFailure(404, EmacsAgentErrorCodes.SessionNotFound, `Session ${id} does not exist`);
    return found;
  };
  const activeSession = (id: string): FakeSession => {
    const found = session(id);
    if (found.status === 'closed') throw new HttpFailure(404, EmacsAgentErrorCodes.SessionNotFound, `Session ${id} was ended`);
    return found;
  };

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (options.token !== undefined && request.headers.authorization !== `Bearer ${options.token}`) {
      throw new HttpFailure(401, 'UNAUTHORIZED', 'Missing or invalid bearer token');
    }
    const url = new URL(request.url ?? '/', 'http://fake');
    const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    if (parts[0] !== 'api') throw new HttpFailure(404, 'NOT_FOUND', `No endpoint ${url.pathname}`);
    const [, collection, id, action] = parts;
    const method = request.method ?? 'GET';

    if (collection === 'transcripts' && id === undefined && method === 'GET') {
      const project = url.searchParams.get('project');
      const transcripts = [...sessions.values()]
        .filter((candidate) => project === null || candidate.init.projectPath === project)
        .map((candidate) => ({
          session_id: candidate.id,
          project_path: candidate.init.projectPath,
          started_at: candidate.startedAt,
          message_count: candidate.messageCount,
          files_changed: [...candidate.filesChanged],
        }));
      return sendJson(response, 200, { transcripts });
    }
    if (collection !== 'sessions') throw new HttpFailure(404, 'NOT_FOUND', `No endpoint ${url.pathname}`);

    if (id === undefined && method === 'POST') {
      const body = await readBody(request, CreateSessionRequestSchema);
      await options.beforeCreate?.();
      const created = new FakeSession({
        id: randomUUID(),
        projectPath: body.project_path,
        model: body.model ?? 'fake-model-1',
        autoApproveReadonly: body.config?.auto_approve_readonly ?? true,
      });
      sessions.set(created.id, created);
      return sendJson(response, 201, { session_id: created.id, status: 'active', created_at: created.startedAt });
    }
    if (id === undefined) throw new HttpFailure(404, 'NOT_FOUND', `No endpoint ${method} ${url.pathname}`);

    switch (`${method} ${action ?? ''}`) {
      case 'GET ': {
        const found = session(id);
        return sendJson(response, 200, {
          session_id: found.id,
          status: found.status,
          project_path: found.init.projectPath,
          model: found.init.model,
          message_count: found.messageCount,
          started_at: found.startedAt,
        });
      }
      case 'DELETE ': {
        const found = activeSession(id);
        found.running?.abort();
        found.status = 'closed';
        found.endStreams();
        return sendJson(response, 200, { status: 'closed', transcript_path: `/tmp/fake-emacs-agent/transcripts/${found.id}.org` });
      }
      case 'GET events': {
        const lastEventId = request.headers['last-event-id'];
        activeSession(id).subscribe(
          response,
          typeof lastEventId === 'string' && /^\d+$/.test(lastEventId) ? Number(lastEventId) : undefined,
        );
        return;
      }
      case 'POST prompt': {
        const found = activeSession(id);
        const { text } = await readBody(request, PromptRequestSchema);
        if (/\bhttp500\b/i.test(text))
          throw new HttpFailure(500, EmacsAgentErrorCodes.McpServerError, 'MCP server "filesystem" failed to start');
        if (found.running) throw new HttpFailure(409, 'AGENT_BUSY', 'The agent is still answering the previous prompt');
        prompts.push({ sessionId: id, text });
        found.messages.push({ role: 'user', text });
        sendJson(response, 200, { status: 'accepted', agent_state: 'thinking', timestamp: new Date().toISOString() });
        // After the answer, as the spec's flow shows: "200 OK {status: accepted}", then the events.
        setImmediate(() => void runScript(found, text, { halt: () => close().then(options.onCrash) }));
        return;
      }
      case 'POST interrupt': {
        activeSession(id).running?.abort();
        return sendJson(response, 200, { status: 'interrupted', agent_state: 'idle' });
      }
      case 'POST approve':
      case 'POST reject': {
        const found = activeSession(id);
        const approve = action === 'approve';
        const body = await readBody(request, approve ? ApproveToolCallRequestSchema : RejectToolCallRequestSchema);
        if (!found.answer(body.tool_call_id, approve ? 'approved' : 'rejected')) {
          throw new HttpFailure(400, EmacsAgentErrorCodes.InvalidToolCall, `Tool call ${body.tool_call_id} is not waiting for approval`);
        }
        return sendJson(response, 200, { status: approve ? 'approved' : 'rejected', tool_call_id: body.tool_call_id });
      }
      case 'GET transcript': {
        const query = GetTranscriptQuerySchema.safeParse({ format: url.searchParams.get('format') ?? undefined });
        if (!query.success) throw new HttpFailure(400, 'INVALID_REQUEST', 'format is json, markdown or org');
        const transcript = sessionTranscript(session(id), query.data.format);
        if (typeof transcript !== 'string') return sendJson(response, 200, transcript);
        response.writeHead(200, { 'Content-Type': query.data.format === 'org' ? 'text/org' : 'text/markdown' });
        response.end(transcript);
        return;
      }
      case 'POST resume': {
        const found = session(id);
        found.status = 'active';
        return sendJson(response, 200, { status: 'resumed', session_id: found.id, message_count: found.messageCount });
      }
      default:
        throw new HttpFailure(404, 'NOT_FOUND', `No endpoint ${method} ${url.pathname}`);
    }
  }

  return {
    url: `http://127.0.0.1:${port}/api`,
    sessions,
    requests,
    prompts,
    untilRequest: (pattern) => new Promise((resolve) => waiters.push({ pattern, resolve })),
    forgetSessions() {
      const forgotten = [...sessions.values()];
      sessions.clear();
      for (const session of forgotten) session.running?.abort();
      return Promise.all(forgotten.map((session) => session.dropStreams())).then(() => undefined);
    },
    close,
  };
}

async function readBody<S extends z.ZodType>(request: IncomingMessage, schema: S): Promise<z.output<S>> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  let json: unknown;
  try {
    json = text === '' ? {} : JSON.parse(text);
  } catch {
    throw new HttpFailure(400, 'INVALID_REQUEST', 'The body is not JSON');
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new HttpFailure(400, 'INVALID_REQUEST', parsed.error.issues[0]?.message ?? 'Invalid request');
  return parsed.data;
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
}
