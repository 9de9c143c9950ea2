import { describe, expect, it } from 'vitest';
import { ecaMethodDirections, ecaProtocol } from './eca-protocol';

const { requests, notifications } = ecaProtocol;

describe('ecaProtocol: chat/prompt', () => {
  it('takes the v1 requestId and works without it, as v2 does', () => {
    const v1 = { requestId: 'r-1', message: 'hi', contexts: [{ type: 'repoMap' }] };
    expect(requests['chat/prompt'].params.parse(v1)).toMatchObject({ requestId: 'r-1' });
    expect(requests['chat/prompt'].params.safeParse({ message: 'hi' }).success).toBe(true);
  });

  it('takes the v2 cursor context', () => {
    const cursor = {
      type: 'cursor',
      path: 'src/a.ts',
      position: { start: { line: 3, character: 1 }, end: { line: 3, character: 1 } },
    };
    expect(requests['chat/prompt'].params.safeParse({ message: 'hi', contexts: [cursor] }).success).toBe(true);
  });

  it("reads the v1 result status 'success' as v2 'prompting'", () => {
    const result = requests['chat/prompt'].result;
    expect(result.parse({ chatId: 'c', model: 'm', status: 'success' }).status).toBe('prompting');
    expect(result.parse({ chatId: 'c', model: 'm', status: 'login' }).status).toBe('login');
    expect(result.safeParse({ chatId: 'c', model: 'm', status: 'done' }).success).toBe(false);
  });
});

describe('ecaProtocol: lifecycle', () => {
  const params = { processId: null, workspaceFolders: [{ uri: 'file:///w', name: 'w' }] };

  it('takes the v1 and the v2 client capabilities', () => {
    const initialize = requests.initialize.params;
    const v1 = { codeAssistant: { chat: true, doc: false, edit: true, fix: false } };
    const v2 = { codeAssistant: { chat: true, editor: { diagnostics: true } } };
    expect(initialize.parse({ ...params, capabilities: v1 }).capabilities).toEqual(v1);
    expect(initialize.parse({ ...params, capabilities: v2 }).capabilities).toEqual(v2);
    expect(initialize.safeParse({ ...params, capabilities: { codeAssistant: { chat: 'yes' } } }).success).toBe(false);
  });

  it("takes v1's full initialize result and v2's empty one", () => {
    const v1 = {
      models: ['gpt-5'],
      chatDefaultModel: 'gpt-5',
      chatBehaviors: ['agent', 'plan'],
      chatDefaultBehavior: 'agent',
      chatWelcomeMessage: 'Hi',
    };
    expect(requests.initialize.result.parse(v1)).toEqual(v1);
    expect(requests.initialize.result.parse({})).toEqual({});
    // Real servers let users define behaviours beyond the spec's 'agent' and 'plan'.
    expect(requests.initialize.result.parse({ chatBehaviors: ['review'] })).toEqual({ chatBehaviors: ['review'] });
    expect(requests.initialize.result.safeParse({ chatBehaviors: [''] }).success).toBe(false);
  });

  it('takes shutdown and exit with no params, null or {}, and nothing else', () => {
    for (const empty of [undefined, null, {}]) {
      expect(requests.shutdown.params.safeParse(empty).success).toBe(true);
      expect(notifications.exit.safeParse(empty).success).toBe(true);
    }
    expect(requests.shutdown.params.safeParse({ force: true }).success).toBe(false);
    expect(requests.shutdown.result.safeParse(null).success).toBe(true);
  });
});

describe('ecaProtocol: the other methods', () => {
  it('reads a null config/updated field as unchanged', () => {
    const parsed = notifications['config/updated'].parse({ chat: { models: null, selectModel: 'm', welcomeMessage: null } });
    expect(parsed).toEqual({ chat: { selectModel: 'm' } });
    expect(notifications['config/updated'].parse({ chat: null })).toEqual({});
  });

  it('tells the native tool server from an MCP one', () => {
    const serverUpdated = notifications['tool/serverUpdated'];
    const native = { type: 'native', name: 'ECA', status: 'running', tools: [{ name: 'read', description: 'd', parameters: {} }] };
    const mcp = { type: 'mcp', name: 'github', command: 'npx', args: ['gh-mcp'], status: 'failed' };
    expect(serverUpdated.parse(native)).toEqual(native);
    expect(serverUpdated.parse(mcp)).toEqual(mcp);
    expect(serverUpdated.safeParse({ ...native, status: 'stopped' }).success).toBe(false);
    expect(serverUpdated.safeParse({ ...mcp, command: undefined }).success).toBe(false);
  });

  it('answers editor/getDiagnostics with diagnostics', () => {
    const diagnostic = {
      uri: 'file:///w/a.clj',
      severity: 'warning',
      source: 'clj-kondo',
      range: { start: { line: 1, character: 1 }, end: { line: 1, character: 4 } },
      message: 'unused',
    };
    expect(requests['editor/getDiagnostics'].result.parse({ diagnostics: [diagnostic] })).toEqual({ diagnostics: [diagnostic] });
    const fatal = { diagnostics: [{ ...diagnostic, severity: 'fatal' }] };
    expect(requests['editor/getDiagnostics'].result.safeParse(fatal).success).toBe(false);
  });

  it('answers chat/queryCommands with commands and their arguments', () => {
    const command = { name: 'review', description: 'r', type: 'mcp-prompt', arguments: [{ name: 'pr', required: true }] };
    expect(requests['chat/queryCommands'].result.parse({ commands: [command] })).toEqual({ commands: [command] });
  });

  it('has $/showMessage as a notification, whatever its section calls it', () => {
    expect('$/showMessage' in notifications).toBe(true);
    expect(notifications['$/showMessage'].safeParse({ type: 'info', message: 'hello' }).success).toBe(true);
    expect(notifications['$/showMessage'].safeParse({ type: 'log', message: 'hello' }).success).toBe(false);
  });
});

describe('ecaMethodDirections', () => {
  it('has server-to-client requests only where the spec has ↪️', () => {
    const serverRequests = Object.keys(requests).filter(
      (method) => ecaMethodDirections[method as keyof typeof ecaMethodDirections] === 'server-to-client',
    );
    expect(serverRequests).toEqual(['editor/getDiagnostics']);
  });
});

describe('ecaProtocol: null is absent (nulls-as-absent.ts)', () => {
  it('takes what real editors send: null params, null optional fields, their own words for behaviours', () => {
    expect(notifications.initialized.safeParse(null).success).toBe(true);
    const prompt = requests['chat/prompt'].params.parse({
      message: 'hi',
      'request-id': 3,
      chatId: 'a-uuid',
      model: null,
      agent: null,
      contexts: [
        { type: 'cursor', path: '/w/a.el', position: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } } },
        { type: 'text', label: '*compilation*', content: 'ok' },
      ],
    });
    expect(prompt).toMatchObject({ chatId: 'a-uuid', message: 'hi' });
    expect(prompt).not.toHaveProperty('model');
    expect(prompt.contexts).toHaveLength(2);
    const initialize = requests.initialize.params.parse({
      processId: null,
      capabilities: {},
      workspaceFolders: [],
      initializationOptions: { chatAgent: null },
    });
    expect(initialize.initializationOptions).toEqual({});
    expect(notifications['chat/toolCallApprove'].parse({ chatId: 'c', toolCallId: 't', save: null })).toEqual({
      chatId: 'c',
      toolCallId: 't',
    });
  });

  it("keeps a null inside a tool call's own arguments, where it is a value", () => {
    const params = notifications['chat/contentReceived'].parse({
      chatId: 'c',
      role: 'assistant',
      content: {
        type: 'toolCallRun',
        origin: 'native',
        id: 't',
        name: 'read',
        server: 'ECA',
        arguments: { path: 'a', limit: null },
        manualApproval: false,
        summary: null,
      },
    });
    expect(params.content).toEqual({
      type: 'toolCallRun',
      origin: 'native',
      id: 't',
      name: 'read',
      server: 'ECA',
      arguments: { path: 'a', limit: null },
      manualApproval: false,
    });
  });

  it('reads both vocabularies of config/updated into both names', () => {
    expect(
      notifications['config/updated'].parse({ chat: { agents: ['code', 'plan'], selectAgent: 'code', selectVariant: null } }).chat,
    ).toEqual({
      agents: ['code', 'plan'],
      behaviors: ['code', 'plan'],
      selectAgent: 'code',
      selectBehavior: 'code',
    });
  });
});
