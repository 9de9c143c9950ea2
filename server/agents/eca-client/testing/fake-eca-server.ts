/**
 * A FAKE ECA SERVER for tests and for Playwright: a standalone program that speaks ECA
 * (specs/eca-protocol-v1.md, specs/eca-protocol-v2.md) over Content-Length framed stdio, written
 * from the spec with its own framing code, so it checks Baton's client rather than agreeing with
 * it. Run: `node --import tsx server/agents/eca-client/testing/fake-eca-server.ts [--protocol=1]`.
 *
 * `--protocol=1` speaks v1: `initialize` answers models/behaviours/welcome (no config/updated),
 * usage says `messageCost`, tool outputs say `content`, a rejection's reason is 'user', chat/prompt
 * answers status 'success', and there is no toolCallRunning. `--protocol=current` speaks as today's
 * ECA servers do: `config/updated` says `agents` / `selectAgent` with nulls for "none", commands are
 * 'mcpPrompt' without `required`, `chat/selectedAgentChanged` selects, and the final progress has
 * no text. Default: v2.
 *
 * What a turn does is chosen by keywords in the prompt (the first listed that appears wins; in a
 * prompt primed with a transcript, only the words after "The user now says:" count):
 *   hang        chat/prompt is never answered (the client's $/cancelRequest is logged)
 *   crash       some text, then the process exits with code 3 (stderr says why)
 *   stubborn    streams text slowly and ignores chat/promptStop
 *   slow        streams text slowly until chat/promptStop, then finishes; a chat/promptSteer meanwhile is
 *               taken at once (echoed as the user's), answered "Steered by: <message>", and ends the turn
 *   write       asks approval to write notes.md; approved: runs it and says "Written." ("Written (approved for
 *               the session)." with save: 'session'); rejected: "Not written."
 *   auto        a read_file call that needs no approval
 *   reuse       a thought "r1" and a call "call-1": the same ids every turn
 *   garbage     a malformed frame and an invalid-JSON frame, then a normal answer
 *   nulls       contents with null fields, an unknown content type and an unknown notification
 *   diagnostics asks the client editor/getDiagnostics (string id) and says how many it got
 *   show        a $/showMessage warning, then a normal answer
 *   echo        answers with the prompt's params as JSON (chatId, model, behavior, agent, contexts, message)
 *   newer       contents only today's protocol has (image, flag, hook, a provider tool), then text
 *   otherwise   a thought, "Hello from the fake ECA server.", a link and usage
 * Choosing the 'plan' behaviour (chat/selectedBehaviorChanged) selects the model 'fake-small'.
 * `shutdown` then `exit` ends it with 0, `exit` alone with 1, stdin closing without `exit` with 5.
 * It logs `initialize <params>` and `prompt <message>` to stderr. `FAKE_ECA_HOLD=initialize` makes it
 * start slowly: `initialize` is answered only once the process gets SIGUSR2, and stderr says
 * `holding initialize (pid <pid>)` meanwhile, so a test can press Stop during the start.
 * Each turn sends `progress running` and the user's message before answering chat/prompt (as the
 * spec's sequence diagram shows), and ends with `progress finished`.
 */
import { randomUUID } from 'node:crypto';
import { type Chat, content, current, log, newer, nulls, reasoning, sleep, toolCall, usage, v1, writeFile } from './fake-eca-turns';
import { createFrameReader, type Message, notify, send, writeRaw } from './fake-eca-wire';

const chats = new Map<string, Chat>();
let behavior = 'agent';
let shutdownReceived = false;
let nextRequestId = 1;
const pendingRequests = new Map<string | number, (result: unknown) => void>();
const mcpTools = [{ name: 'fetch_page', description: 'Fetches a page', parameters: { type: 'object' } }];

function request(method: string, params: unknown): Promise<unknown> {
  // A string id, as some servers use.
  const id = `fake-${nextRequestId++}`;
  return new Promise((resolve) => {
    pendingRequests.set(id, resolve);
    send({ jsonrpc: '2.0', id, method, params });
  });
}

function announceTools(mcpStatus: 'running' | 'stopped'): void {
  notify('tool/serverUpdated', {
    type: 'native',
    name: 'ECA',
    status: 'running',
    tools: [{ name: 'write_file', description: 'Writes a file', parameters: {} }],
  });
  notify('tool/serverUpdated', {
    type: 'mcp',
    name: 'fake-mcp',
    command: 'fake-mcp',
    args: [],
    status: mcpStatus,
    ...(mcpStatus === 'running' ? { tools: mcpTools } : {}),
  });
}

/** Params as the client sent them; the fake trusts its client as far as the spec lets it. */
type Params = Record<string, unknown> & {
  chatId?: string;
  toolCallId?: string;
  save?: string;
  name?: string;
  query?: string;
  behavior?: string;
};

const handlers: Record<string, (params: Params) => unknown> = {
  initialize: (params) => {
    log(`initialize ${JSON.stringify(params)}`);
    return v1
      ? {
          models: ['fake-small', 'fake-large'],
          chatDefaultModel: 'fake-small',
          chatBehaviors: ['agent', 'plan'],
          chatDefaultBehavior: 'agent',
          chatWelcomeMessage: 'Welcome to the fake (v1).',
        }
      : {};
  },
  initialized: () => {
    if (current) {
      notify('config/updated', {
        chat: {
          models: ['fake-small', 'fake-large'],
          agents: ['code', 'plan'],
          selectModel: 'fake-large',
          selectAgent: 'code',
          variants: [],
          selectVariant: null,
          welcomeMessage: null,
        },
      });
    } else if (!v1) {
      notify('config/updated', {
        chat: {
          models: ['fake-small', 'fake-large'],
          behaviors: ['agent', 'plan', 'review'],
          selectModel: 'fake-large',
          selectBehavior: 'agent',
          welcomeMessage: null,
        },
      });
    }
    announceTools('running');
  },
  shutdown: () => {
    shutdownReceived = true;
    return null;
  },
  // LSP's rule: 0 after shutdown, 1 otherwise.
  exit: () => process.exit(shutdownReceived ? 0 : 1),
  'chat/prompt': (params) => startPrompt(params),
  'chat/toolCallApprove': ({ chatId, toolCallId, save }) =>
    chats.get(chatId ?? '')?.approvals.get(toolCallId ?? '')?.(save === 'session' ? 'approved-for-session' : 'approved'),
  'chat/toolCallReject': ({ chatId, toolCallId }) => chats.get(chatId ?? '')?.approvals.get(toolCallId ?? '')?.('rejected'),
  'chat/promptSteer': ({ chatId, message }) => {
    const chat = chats.get(chatId ?? '');
    if (chat) chat.steering = String(message);
  },
  'chat/promptStop': ({ chatId }) => {
    const chat = chats.get(chatId ?? '');
    if (chat) chat.stopped = true;
  },
  'chat/delete': ({ chatId }) => {
    chats.delete(chatId ?? '');
    return {};
  },
  'chat/selectedAgentChanged': (params) => {
    if (!current) return;
    behavior = String(params.agent ?? behavior);
    log(`agent selected: ${behavior}`);
  },
  'chat/selectedBehaviorChanged': (params) => {
    behavior = params.behavior ?? behavior;
    // As a real ECA server whose behaviours have their own default model: 'plan' plans with the small one.
    if (behavior === 'plan') notify('config/updated', { chat: { selectModel: 'fake-small' } });
  },
  'chat/queryCommands': ({ query }) => ({
    commands: [
      { name: 'costs', description: 'Shows the costs', type: 'native', arguments: [] },
      current
        ? { name: 'review', description: 'Reviews a file', type: 'mcpPrompt', arguments: [{ name: 'path', description: null }] }
        : {
            name: 'review',
            description: 'Reviews a file',
            type: 'mcp-prompt',
            arguments: [{ name: 'path', description: null, required: true }],
          },
    ].filter((command) => command.name.includes(String(query ?? '').replace(/^\//, ''))),
  }),
  'chat/queryContext': ({ query }) => ({
    contexts: [
      { type: 'file', path: 'README.md' },
      { type: 'directory', path: 'src' },
    ].filter((context) => context.path.includes(query ?? '')),
  }),
  'mcp/stopServer': ({ name }) => name === 'fake-mcp' && announceTools('stopped'),
  'mcp/startServer': ({ name }) => name === 'fake-mcp' && announceTools('running'),
  '$/cancelRequest': ({ id }) => log(`the client cancelled request ${String(id)}`),
};

/** What a handler returns for a request it will never answer. */
const NO_ANSWER = Symbol('no answer');
let holdInitialize = process.env.FAKE_ECA_HOLD === 'initialize';

function startPrompt(params: Record<string, unknown>) {
  if (String(params.message).toLowerCase().includes('hang')) {
    log('chat/prompt left unanswered, as asked');
    return NO_ANSWER;
  }
  const chatId = typeof params.chatId === 'string' ? params.chatId : `chat-${randomUUID()}`;
  const chat = chats.get(chatId) ?? { id: chatId, stopped: false, approvals: new Map() };
  chat.stopped = false;
  chats.set(chatId, chat);
  const message = String(params.message);
  log(`prompt ${message.slice(0, 60).replaceAll('\n', ' ')}`);
  content(chat, 'system', { type: 'progress', state: 'running', text: 'Waiting model' });
  content(chat, 'user', { type: 'text', text: message });
  void runTurn(chat, message, params).catch((error: unknown) => log(`turn failed: ${String(error)}`));
  return { chatId, model: String(params.model ?? 'fake-large'), status: v1 ? 'success' : 'prompting' };
}

const KEYWORDS = [
  'crash',
  'stubborn',
  'slow',
  'write',
  'auto',
  'reuse',
  'garbage',
  'nulls',
  'newer',
  'diagnostics',
  'show',
  'echo',
] as const;

async function runTurn(chat: Chat, message: string, params: Record<string, unknown>): Promise<void> {
  // Contents go out after the answer to chat/prompt, as a real server streams them.
  await sleep(5);
  // A primed prompt carries the thread's earlier words: only what the user says now picks the script.
  const latest = message.split('The user now says:').at(-1)!.toLowerCase();
  const keyword = KEYWORDS.find((word) => latest.includes(word));
  switch (keyword) {
    case 'crash':
      content(chat, 'assistant', { type: 'text', text: 'About to crash.' });
      await sleep(20);
      log('crashing as asked');
      return process.exit(3);
    case 'stubborn':
    case 'slow':
      for (let index = 0; index < 600 && (keyword === 'stubborn' || !chat.stopped); index++) {
        if (keyword === 'slow' && chat.steering !== undefined) {
          content(chat, 'user', { type: 'text', text: chat.steering });
          content(chat, 'assistant', { type: 'text', text: `Steered by: ${chat.steering}` });
          chat.steering = undefined;
          break;
        }
        content(chat, 'assistant', { type: 'text', text: `chunk ${index} ` });
        await sleep(50);
      }
      break;
    case 'write':
      await writeFile(chat);
      break;
    case 'auto':
      toolCall(chat, 'call-auto', 'read_file', { path: 'README.md' }, 'The readme.');
      break;
    case 'reuse':
      reasoning(chat, 'r1', 'Same id as always.');
      toolCall(chat, 'call-1', 'read_file', { path: 'a.txt' }, 'a');
      break;
    case 'garbage':
      writeRaw('Content-Length: banana\r\n\r\n{}');
      writeRaw('Content-Length: 9\r\n\r\n{not json');
      content(chat, 'assistant', { type: 'text', text: 'Still here after garbage.' });
      break;
    case 'nulls':
      await nulls(chat);
      break;
    case 'newer':
      newer(chat);
      break;
    case 'diagnostics': {
      const answer = (await request('editor/getDiagnostics', {})) as { diagnostics?: unknown[] };
      content(chat, 'assistant', { type: 'text', text: `Diagnostics: ${answer.diagnostics?.length ?? 'none'}.` });
      break;
    }
    case 'show':
      notify('$/showMessage', { type: 'warning', message: 'The fake server is low on imagination.' });
      content(chat, 'assistant', { type: 'text', text: 'Shown.' });
      break;
    case 'echo':
      content(chat, 'assistant', {
        type: 'text',
        text: JSON.stringify({
          chatId: params.chatId ?? null,
          model: params.model ?? null,
          behavior: params.behavior ?? behavior,
          agent: params.agent ?? null,
          contexts: params.contexts ?? [],
          message,
        }),
      });
      break;
    default:
      reasoning(chat, `r-${randomUUID()}`, 'Thinking about a greeting.');
      content(chat, 'assistant', { type: 'text', text: 'Hello from ' });
      content(chat, 'assistant', { type: 'text', text: 'the fake ECA server.' });
      content(chat, 'assistant', { type: 'url', title: 'ECA', url: 'https://eca.dev' });
  }
  usage(chat);
  content(
    chat,
    'system',
    current
      ? { type: 'progress', state: 'finished', text: null }
      : { type: 'progress', state: 'finished', text: chat.stopped ? 'Stopped' : 'Finished' },
  );
}

function receive(message: Message): void {
  if (message.method === undefined) {
    // An answer to one of this server's requests.
    const resolve = message.id === undefined || message.id === null ? undefined : pendingRequests.get(message.id);
    if (resolve) {
      pendingRequests.delete(message.id!);
      resolve(message.result ?? message.error);
    } else log(`a response to nothing: ${JSON.stringify(message)}`);
    return;
  }
  const handler = handlers[message.method];
  const isRequest = message.id !== undefined;
  if (!handler) {
    log(`unknown method ${message.method}`);
    if (isRequest) send({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: `Method not found: ${message.method}` } });
    return;
  }
  if (message.method === 'initialize' && holdInitialize) {
    holdInitialize = false;
    process.once('SIGUSR2', () => send({ jsonrpc: '2.0', id: message.id, result: handler((message.params ?? {}) as Params) ?? null }));
    log(`holding initialize (pid ${process.pid})`);
    return;
  }
  const result = handler((message.params ?? {}) as Params);
  if (result === NO_ANSWER) return;
  if (isRequest) send({ jsonrpc: '2.0', id: message.id, result: result ?? null });
}

const reader = createFrameReader(receive, (problem) => {
  log(problem);
  send({ jsonrpc: '2.0', id: null, error: { code: -32700, message: `Parse error: ${problem}` } });
});
process.stdin.on('data', reader);
// A client that just goes away gets exit code 5, so a test can tell it from a clean `exit`.
process.stdin.on('end', () => {
  log('stdin ended without exit; exiting');
  process.exit(5);
});
log(`started (protocol ${v1 ? 'v1' : current ? 'current' : 'v2'})`);
