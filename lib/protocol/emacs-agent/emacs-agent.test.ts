import { describe, expect, it } from 'vitest';
import { EmacsAgentErrorBodySchema } from './emacs-agent-errors';
import { emacsAgentEndpoints, emacsAgentPath } from './emacs-agent-endpoints';
import { EmacsAgentSseEventSchema, EmacsAgentSseFrameSchema } from './sse-events';

describe('Emacs-Agent SSE events', () => {
  it('tells events apart by type', () => {
    const events = [
      { type: 'message.delta', content: 'Hi', role: 'assistant' },
      { type: 'tool.call', tool_call_id: 'tc', tool: 'write_file', params: { path: 'a' }, requires_approval: true },
      { type: 'tool.result', tool_call_id: 'tc', status: 'error', message: 'File not found' },
      { type: 'file.changed', path: 'a', operation: 'write', timestamp: 't' },
      { type: 'agent.state', state: 'waiting_approval' },
      { type: 'error', message: 'Rate limit exceeded' },
    ];
    expect(events.map((event) => EmacsAgentSseEventSchema.parse(event).type)).toEqual(events.map((event) => event.type));
  });

  it('refuses an unknown event type and an unknown agent state', () => {
    expect(EmacsAgentSseEventSchema.safeParse({ type: 'tool.progress' }).success).toBe(false);
    expect(EmacsAgentSseEventSchema.safeParse({ type: 'agent.state', state: 'sleeping' }).success).toBe(false);
  });

  it("refuses a frame whose event name is not its data's type", () => {
    const data = { type: 'agent.state', state: 'idle' };
    expect(EmacsAgentSseFrameSchema.safeParse({ event: 'agent.state', data }).success).toBe(true);
    const mismatch = EmacsAgentSseFrameSchema.safeParse({ event: 'error', data });
    expect(mismatch.error?.issues[0]?.path).toEqual(['event']);
  });
});

describe('Emacs-Agent REST', () => {
  it('fills the session id into a path, escaped', () => {
    expect(emacsAgentPath('approveToolCall', 'a/b')).toBe('/api/sessions/a%2Fb/approve');
    expect(emacsAgentPath('createSession')).toBe('/api/sessions');
    expect(() => emacsAgentPath('getSession')).toThrow('getSession needs a session id');
  });

  it('has one endpoint per method and path', () => {
    const routes = Object.values(emacsAgentEndpoints).map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('defaults the transcript format to json and refuses others', () => {
    expect(emacsAgentEndpoints.getTranscript.query.parse({})).toEqual({ format: 'json' });
    expect(emacsAgentEndpoints.getTranscript.query.safeParse({ format: 'html' }).success).toBe(false);
  });

  it('needs a project to create a session and a tool call id to approve one', () => {
    expect(emacsAgentEndpoints.createSession.request.safeParse({ model: 'm' }).success).toBe(false);
    expect(emacsAgentEndpoints.approveToolCall.request.safeParse({}).success).toBe(false);
  });

  it('takes an error body with any code', () => {
    const body = { error: { code: 'RATE_LIMITED', message: 'slow down' } };
    expect(EmacsAgentErrorBodySchema.parse(body)).toEqual(body);
    expect(EmacsAgentErrorBodySchema.safeParse({ error: 'SESSION_NOT_FOUND' }).success).toBe(false);
  });
});
