import { describe, expect, it } from 'vitest';
import { RpcErrorObjectSchema } from '../json-rpc';
import { RpcError } from '../../rpc/errors';
import { abortedError, agentBusy, AutohandErrorCodes, executionError, permissionDenied, timeoutError } from './autohand-errors';
import { autohandMethodDirection, autohandProtocol } from './autohand-protocol';

const { requests, notifications } = autohandProtocol;

describe('autohand errors', () => {
  it('makes one wire error per Autohand code, carrying its data', () => {
    const made = [executionError('x'), permissionDenied('x'), timeoutError('x'), agentBusy('x'), abortedError('x')];
    expect(made.map((error) => RpcErrorObjectSchema.safeParse(error).success)).toEqual([true, true, true, true, true]);
    expect(made.map((error) => error.code)).toEqual([-32000, -32001, -32002, -32003, -32004]);
    expect(executionError('x')).toEqual({ code: AutohandErrorCodes.ExecutionError, message: 'Execution error: x' });
    const thrown = RpcError.fromErrorObject(agentBusy('a turn runs', { turnId: 't1' }));
    expect(thrown).toBeInstanceOf(RpcError);
    expect(thrown.toErrorObject()).toEqual({
      code: AutohandErrorCodes.AgentBusy,
      message: 'Agent busy: a turn runs',
      data: { turnId: 't1' },
    });
  });
});

describe('autohandProtocol', () => {
  it('takes a prompt with a selection and images of the listed types only', () => {
    const prompt = {
      message: 'explain',
      context: { files: ['a.ts'], selection: { file: 'a.ts', startLine: 1, endLine: 3, text: 'x' } },
      images: [{ data: 'aGVsbG8=', mimeType: 'image/png', filename: 'a.png' }],
    };
    expect(requests['autohand.prompt'].params.parse(prompt)).toEqual(prompt);
    const tiff = { ...prompt, images: [{ data: 'aGVsbG8=', mimeType: 'image/tiff' }] };
    expect(requests['autohand.prompt'].params.safeParse(tiff).success).toBe(false);
    const notBase64 = { ...prompt, images: [{ data: 'not base64!', mimeType: 'image/png' }] };
    expect(requests['autohand.prompt'].params.safeParse(notBase64).success).toBe(false);
  });

  it('takes "Parameters: None" as omitted, null or {}', () => {
    for (const empty of [undefined, null, {}]) expect(requests['autohand.getState'].params.safeParse(empty).success).toBe(true);
    expect(requests['autohand.abort'].params.safeParse({ now: true }).success).toBe(false);
  });

  it('answers getState with a null session before the first one', () => {
    const state = { status: 'idle', sessionId: null, model: 'm', workspace: '/w', contextPercent: 0, messageCount: 0 };
    expect(requests['autohand.getState'].result.parse(state)).toEqual(state);
    expect(requests['autohand.getState'].result.safeParse({ ...state, status: 'busy' }).success).toBe(false);
  });

  it('decides a batch of changes', () => {
    const decision = { batchId: 'b', action: 'accept_selected', selectedChangeIds: ['c1'] };
    expect(requests['autohand.changesDecision'].params.parse(decision)).toEqual(decision);
    expect(requests['autohand.changesDecision'].params.safeParse({ ...decision, action: 'accept_some' }).success).toBe(false);
    const result = { success: false, appliedCount: 0, skippedCount: 1, errors: [{ changeId: 'c1', error: 'gone' }] };
    expect(requests['autohand.changesDecision'].result.parse(result)).toEqual(result);
  });

  it('takes a toolStart without args and timestamp, as the spec example sends it', () => {
    expect(notifications['autohand.toolStart'].safeParse({ toolId: 't', toolName: 'bash' }).success).toBe(true);
    expect(notifications['autohand.toolStart'].safeParse({ toolName: 'bash' }).success).toBe(false);
  });

  it('takes the hooks, with their own error code type', () => {
    const sessionError = { error: 'boom', code: 'E_TOOL', timestamp: 't' };
    expect(notifications['autohand.hook.sessionError'].parse(sessionError)).toEqual(sessionError);
    expect(notifications['autohand.hook.sessionError'].safeParse({ ...sessionError, code: 42 }).success).toBe(false);
    const modified = { filePath: 'a', changeType: 'rename', toolId: 't', timestamp: 't' };
    expect(notifications['autohand.hook.fileModified'].safeParse(modified).success).toBe(false);
  });

  it('sends requests to Autohand and notifications from it', () => {
    expect(autohandMethodDirection('autohand.permissionResponse')).toBe('client-to-server');
    expect(autohandMethodDirection('autohand.permissionRequest')).toBe('server-to-client');
    expect(autohandMethodDirection('autohand.hook.preTool')).toBe('server-to-client');
  });
});

describe('autohandProtocol, as a real build speaks it (specs/autohand-observed.md)', () => {
  it('takes the flat turnEnd and the short turnStart', () => {
    const flat = {
      turnId: 't',
      timestamp: 'x',
      contextPercent: 3,
      tokensUsed: 42,
      tokensUsageStatus: 'actual',
      durationMs: 9,
      reason: 'aborted',
    };
    expect(notifications['autohand.turnEnd'].parse(flat)).toEqual(flat);
    expect(notifications['autohand.turnStart'].safeParse({ turnId: 't', timestamp: 'x' }).success).toBe(true);
  });

  it('takes permission options, and answers with a decision', () => {
    const request = {
      requestId: 'p',
      tool: 'run_command',
      description: 'd',
      context: { command: 'ls' },
      options: ['allow_once', 'deny_once'],
      timestamp: 'x',
    };
    expect(notifications['autohand.permissionRequest'].parse(request)).toEqual(request);
    const answer = { requestId: 'p', allowed: true, decision: 'allow_session' };
    expect(requests['autohand.permissionResponse'].params.parse(answer)).toEqual(answer);
  });

  it('takes an aborted messageEnd, nulls for absent fields, and a refused batch without counts', () => {
    expect(notifications['autohand.messageEnd'].safeParse({ messageId: 'm', content: '', aborted: true, timestamp: 'x' }).success).toBe(
      true,
    );
    expect(notifications['autohand.messageUpdate'].safeParse({ messageId: 'm', delta: 'a', thought: null, timestamp: null }).success).toBe(
      true,
    );
    expect(requests['autohand.changesDecision'].result.safeParse({ success: false, errors: ['Unknown batch b'] }).success).toBe(true);
  });

  it('knows ping and the extra hooks', () => {
    expect(notifications['autohand.ping'].safeParse({ timestamp: 'x', status: 'processing', turnId: 't' }).success).toBe(true);
    expect(notifications['autohand.hook.sessionEnd'].safeParse({ reason: 'exit', timestamp: 'x' }).success).toBe(true);
  });
});
