import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { AgentUnavailableError } from '../agent-backend';
import { EmacsAgentClient, EmacsAgentRequestError, isSessionNotFound } from './emacs-agent-client';
import { useEmacsAgentFixture } from './testing/emacs-agent-support';
import { SessionEventStream, type StreamedEvent } from './session-event-stream';

const fixture = useEmacsAgentFixture();

function client(url = fixture.fake.url, token?: string) {
  return new EmacsAgentClient({ url, token, name: 'emacs', requestTimeoutMs: 2_000 });
}

async function eventsUntilIdle(stream: SessionEventStream): Promise<StreamedEvent[]> {
  const events: StreamedEvent[] = [];
  for (;;) {
    const next = (await stream.next(new AbortController().signal))!;
    events.push(next);
    if (next.event.type === 'agent.state' && next.event.state === 'idle') return events;
  }
}

describe('EmacsAgentClient', () => {
  it('creates, reads, prompts, transcribes, lists, ends and resumes a session', async () => {
    const api = client();
    const created = await api.call('createSession', { body: { project_path: fixture.workspaceRoot, model: 'model-x' } });
    expect(created.status).toBe('active');
    const sessionId = created.session_id;
    const stream = await SessionEventStream.open({ client: api, sessionId, log: () => undefined });

    expect(await api.call('sendPrompt', { sessionId, body: { text: 'hello there' } })).toMatchObject({
      status: 'accepted',
      agent_state: 'thinking',
    });
    const events = await eventsUntilIdle(stream);
    expect(events.map(({ event }) => event.type)).toEqual(['agent.state', 'message.delta', 'message.delta', 'agent.state']);
    expect(events.map(({ id }) => id)).toEqual(['1', '2', '3', '4']);

    expect(await api.call('getSession', { sessionId })).toMatchObject({
      session_id: sessionId,
      model: 'model-x',
      message_count: 2,
      project_path: fixture.workspaceRoot,
    });
    expect(await api.call('getTranscript', { sessionId, query: { format: 'json' } })).toMatchObject({
      messages: [{ role: 'user', text: 'hello there' }, { role: 'assistant' }],
    });
    expect(await api.call('getTranscript', { sessionId, query: { format: 'markdown' } })).toMatch(
      /^# Session .*\*\*user:\*\* hello there/s,
    );
    expect(await api.call('getTranscript', { sessionId, query: { format: 'org' } })).toMatch(/^\* Session .*\*\* user\nhello there/s);
    const listed = await api.call('listTranscripts', { query: { project: fixture.workspaceRoot } });
    expect(listed.transcripts).toEqual([expect.objectContaining({ session_id: sessionId, message_count: 2, files_changed: [] })]);
    expect((await api.call('listTranscripts', { query: { project: '/elsewhere' } })).transcripts).toEqual([]);

    expect(await api.call('endSession', { sessionId })).toMatchObject({
      status: 'closed',
      transcript_path: expect.stringContaining(sessionId),
    });
    expect((await api.call('getSession', { sessionId })).status).toBe('closed');
    expect(await api.call('resumeSession', { sessionId })).toEqual({ status: 'resumed', session_id: sessionId, message_count: 2 });
    stream.close();
  });

  it('approves, rejects and interrupts, and says when a tool call is not waiting', async () => {
    const api = client();
    const { session_id: sessionId } = await api.call('createSession', {
      body: { project_path: fixture.workspaceRoot, config: { auto_approve_readonly: false } },
    });
    const stream = await SessionEventStream.open({ client: api, sessionId, log: () => undefined });
    const signal = new AbortController().signal;
    const nextCall = async () => {
      for (;;) {
        const { event } = (await stream.next(signal))!;
        if (event.type === 'tool.call') return event;
      }
    };
    await api.call('sendPrompt', { sessionId, body: { text: 'read the notes' } });
    const read = await nextCall();
    expect(read).toMatchObject({ tool: 'read_file', requires_approval: true });
    expect(await api.call('approveToolCall', { sessionId, body: { tool_call_id: read.tool_call_id } })).toEqual({
      status: 'approved',
      tool_call_id: read.tool_call_id,
    });
    await eventsUntilIdle(stream);

    await api.call('sendPrompt', { sessionId, body: { text: 'write it' } });
    const write = await nextCall();
    expect(await api.call('rejectToolCall', { sessionId, body: { tool_call_id: write.tool_call_id, reason: 'no' } })).toEqual({
      status: 'rejected',
      tool_call_id: write.tool_call_id,
    });
    const rejection = api.call('rejectToolCall', { sessionId, body: { tool_call_id: write.tool_call_id } });
    await expect(rejection).rejects.toThrow(
      /answered POST \/api\/sessions\/.*\/reject with 400 Bad Request: Tool call tc_write_\d+ is not waiting for approval \(INVALID_TOOL_CALL\)/,
    );
    await eventsUntilIdle(stream);

    await api.call('sendPrompt', { sessionId, body: { text: 'slow please' } });
    await stream.next(signal);
    expect(await api.call('interrupt', { sessionId })).toEqual({ status: 'interrupted', agent_state: 'idle' });
    expect((await eventsUntilIdle(stream)).at(-1)!.event).toEqual({ type: 'agent.state', state: 'idle', details: 'Interrupted' });
    stream.close();
  });

  it('turns HTTP statuses and error bodies into messages', async () => {
    const api = client();
    const missing = await api.call('getSession', { sessionId: 'nope' }).catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(EmacsAgentRequestError);
    expect(isSessionNotFound(missing)).toBe(true);
    expect((missing as Error).message).toBe(
      `The Emacs-Agent backend "emacs" (${fixture.fake.url.replace(/\/api$/, '')}) answered GET /api/sessions/nope with 404 Not Found: Session nope does not exist (SESSION_NOT_FOUND).`,
    );

    const { session_id: sessionId } = await api.call('createSession', { body: { project_path: fixture.workspaceRoot } });
    const failed = api.call('sendPrompt', { sessionId, body: { text: 'http500' } });
    await expect(failed).rejects.toThrow(/with 500 Internal Server Error: MCP server "filesystem" failed to start \(MCP_SERVER_ERROR\)\.$/);

    await fixture.restartFake({ token: 'secret' });
    await expect(client(fixture.fake.url).call('listTranscripts')).rejects.toThrow(
      /with 401 Unauthorized: Missing or invalid bearer token \(UNAUTHORIZED\)\. Check the token of this agent in config\.json\.$/,
    );
    await expect(client(fixture.fake.url, 'wrong').call('listTranscripts')).rejects.toThrow(/401/);
    expect(await client(fixture.fake.url, 'secret').call('listTranscripts')).toEqual({ transcripts: [] });
  });

  it('says a backend that is down is unavailable, at once', async () => {
    const url = fixture.fake.url;
    await fixture.fake.close();
    const error = await client(url)
      .call('listTranscripts')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AgentUnavailableError);
    expect((error as Error).message).toMatch(/is not reachable \(connection refused\)\. Is it running\?$/);
  });

  it('says a backend that does not answer is unavailable, after the request timeout', async () => {
    const server = createServer(() => undefined);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const api = new EmacsAgentClient({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`,
        name: 'emacs',
        requestTimeoutMs: 200,
      });
      const error = await api.call('createSession', { body: { project_path: '/p' } }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AgentUnavailableError);
      expect((error as Error).message).toMatch(/did not answer POST \/api\/sessions within 0\.2 s\. Is it running\?$/);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('takes the base URL with or without /api, and reads bodies that are not JSON or carry nulls', async () => {
    expect(client('http://127.0.0.1:9/api/').origin).toBe('http://127.0.0.1:9');
    expect(client('http://127.0.0.1:9/prefix').origin).toBe('http://127.0.0.1:9/prefix');
    const server = createServer((request, response) => {
      if (request.url?.startsWith('/api/transcripts')) {
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify({ transcripts: [], extra: null }));
        return;
      }
      response.writeHead(503, { 'Content-Type': 'text/plain' });
      response.end('warming up');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const api = client(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      expect(await api.call('listTranscripts')).toEqual({ transcripts: [] });
      const unready = await api.call('getSession', { sessionId: 's' }).catch((error: unknown) => error);
      expect(unready).toBeInstanceOf(AgentUnavailableError);
      expect((unready as Error).message).toMatch(/with 503 Service Unavailable: warming up\. The backend is not ready yet\.$/);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
