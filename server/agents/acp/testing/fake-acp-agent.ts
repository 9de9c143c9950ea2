/**
 * A fake ACP agent for tests and Playwright, built on the AGENT side of the real SDK
 * (`AgentSideConnection`), run as a child process: `node --import tsx fake-acp-agent.ts`.
 * Every request it sends the client carries a string id, as real agents' do.
 *
 * It offers modes `ask` and `code`, a `model` config option (`fake-small`, `fake-large`), the
 * `/fake-help` command, and session load, resume and list. With FAKE_ACP_SESSIONS naming a file,
 * its sessions outlive it (a relay restart can resume them).
 *
 * What a prompt does is chosen by keywords in its text (several may combine):
 * - (always)   a thought, then "Fake agent heard: <the prompt's first 60 characters>", then usage
 * - "write"    asks permission to edit notes.txt (its own options), then fs/write_text_file
 * - "put"      the same for the workspace path after "put " instead of notes.txt
 * - "read"     fs/read_text_file of the path after "read " and says what it got
 * - "run"      a terminal running `sh -c "echo terminal-says-hi"` (or FAKE_TERMINAL_SCRIPT), shown on an execute tool call
 * - "plan"     a plan update
 * - "mode"     switches itself to mode `code` (current_mode_update)
 * - "odd"      an unknown update kind, `null`s where numbers go, a malformed tool call update
 * - "garbage"  a line that is no JSON, then carries on
 * - "slow"     streams a word every 100 ms until cancelled (then stopReason `cancelled`)
 * - "stubborn" like slow, but ignores session/cancel
 * - "crash"    writes to stderr and exits with code 3 mid-turn
 * - "codex-rm", "gemini-rm", "sneak": commands shaped as real or hostile agents send them (fake-command-calls.ts)
 * - "withdraw" asks permission for a call, says `fake-acp: asking (pid <pid>)` on stderr, and on SIGUSR2
 *              cancels its own request ($/cancel_request), saying `fake-acp: withdrawn request answered <outcome>`
 * - "messages" two messages told apart only by their `messageId` (chunks `msg-a`, `msg-a`, `msg-b`)
 * - "elicit-form", "elicit-url", "elicit-gone", "elicit-bad": questions to the user (fake-acp-elicitation.ts)
 * - "outputs"  finished commands as codex-acp, claude-agent-acp and Gemini CLI report them (real-tool-outputs.ts)
 *
 * - "show-settings", "flip-brief": says how its on/off settings stand, turns one over (with FAKE_ACP_SETTINGS: fake-acp-settings.ts)
 *
 * With FAKE_ACP_LOGIN_MARKER it needs a terminal login first (fake-acp-auth.ts).
 * Starts slowly when asked: FAKE_ACP_HOLD lists methods (`initialize`, `session/new`, `session/set_mode`) whose first
 * request is held, as a busy machine holds a real agent's, until the process gets SIGUSR2. It says
 * on stderr when it holds one (`fake-acp: holding <method> (pid <pid>)`) and of every prompt it
 * gets (`fake-acp: prompt <text>`), of each session closed (`fake-acp: closed <sessionId>`), of each `$/cancel_request` (`fake-acp: cancel_request for <method>`) and of the answer to its edit permission, so a test can wait for those and act in between.
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { Readable, Writable } from 'node:stream';
import {
  type Agent,
  AgentSideConnection,
  ndJsonStream,
  PROTOCOL_VERSION,
  type ClientCapabilities,
  type PromptRequest,
  type RequestPermissionResponse,
  type SessionNotification,
} from '@agentclientprotocol/sdk';
import { elicit } from './fake-acp-elicitation';
import { loginFields, logout, requireLogin, runLoginIfAsked } from './fake-acp-auth';
import { directoriesCapability, noteDirectories } from './fake-acp-directories';
import { describeSettings, flipBrief, offerSettings, setSetting, settingOptions } from './fake-acp-settings';
import { agentRunsRm, sneakPastReadApproval } from './fake-command-calls';
import { withStringIds } from './fake-acp-string-ids';
import { runTerminal } from './fake-acp-terminal';
import { REAL_TOOL_OUTPUTS } from './real-tool-outputs';

const sessionsFile = process.env.FAKE_ACP_SESSIONS;
const known = new Set<string>(
  sessionsFile && existsSync(sessionsFile) ? readFileSync(sessionsFile, 'utf8').split('\n').filter(Boolean) : [],
);
const cancelled = new Set<string>();
/** What the client said it serves in `initialize`. */
let clientCapabilities: ClientCapabilities = {};
let counter = 0;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const toHold = new Set((process.env.FAKE_ACP_HOLD ?? '').split(',').filter(Boolean));

/** Holds the first request of `method` when FAKE_ACP_HOLD names it, until SIGUSR2. */
async function held(method: string): Promise<void> {
  if (!toHold.delete(method)) return;
  const released = new Promise((resolve) => process.once('SIGUSR2', resolve));
  process.stderr.write(`fake-acp: holding ${method} (pid ${process.pid})\n`);
  await released;
}

const choices = {
  modes: {
    currentModeId: 'ask',
    availableModes: [
      { id: 'ask', name: 'Ask' },
      { id: 'code', name: 'Code' },
    ],
  },
  configOptions: [
    {
      id: 'model',
      name: 'Model',
      category: 'model',
      type: 'select' as const,
      currentValue: 'fake-small',
      options: [
        { value: 'fake-small', name: 'Fake small' },
        { value: 'fake-large', name: 'Fake large' },
      ],
    },
  ],
};

/** The session's choices: the model and modes, and its on/off settings when it offers them. */
const choicesOf = (sessionId: string) => ({ ...choices, configOptions: [...choices.configOptions, ...settingOptions(sessionId)] });

function remember(sessionId: string) {
  known.add(sessionId);
  if (sessionsFile) appendFileSync(sessionsFile, `${sessionId}\n`);
}

function agent(connection: AgentSideConnection): Agent {
  const update = (sessionId: string, value: SessionNotification['update']) => connection.sessionUpdate({ sessionId, update: value });
  const raw = (message: unknown) => process.stdout.write(`${JSON.stringify(message)}\n`);
  const announce = async (sessionId: string) => {
    await update(sessionId, {
      sessionUpdate: 'available_commands_update',
      availableCommands: [{ name: 'fake-help', description: 'Says what the fake does', input: { hint: 'topic' } }],
    });
  };
  return {
    async initialize(request) {
      await held('initialize');
      clientCapabilities = request.clientCapabilities ?? {};
      offerSettings(clientCapabilities);
      const { authMethods, auth } = loginFields();
      return {
        protocolVersion: PROTOCOL_VERSION,
        agentCapabilities: {
          loadSession: true,
          promptCapabilities: { image: true, embeddedContext: true },
          mcpCapabilities: { http: true },
          sessionCapabilities: { resume: {}, list: {}, close: {}, ...directoriesCapability() },
          auth,
        },
        agentInfo: { name: 'fake-acp-agent', version: '1.0.0' },
        authMethods,
      };
    },
    async authenticate() {},
    async logout() {
      logout();
    },
    async newSession(request) {
      await held('session/new');
      requireLogin();
      noteDirectories(request);
      const sessionId = `fake-session-${process.pid}-${(counter += 1)}`;
      remember(sessionId);
      // After the answer, as real agents do: the client hears of a session it does not know yet.
      setImmediate(() => void announce(sessionId));
      return { sessionId, ...choicesOf(sessionId) };
    },
    async loadSession(request) {
      if (!known.has(request.sessionId)) throw new Error(`unknown session ${request.sessionId}`);
      await update(request.sessionId, { sessionUpdate: 'user_message_chunk', content: { type: 'text', text: 'replayed history' } });
      return choicesOf(request.sessionId);
    },
    async resumeSession(request) {
      if (!known.has(request.sessionId)) throw new Error(`unknown session ${request.sessionId}`);
      return choicesOf(request.sessionId);
    },
    async listSessions() {
      return { sessions: [...known].map((sessionId) => ({ sessionId, cwd: process.cwd() })) };
    },
    async closeSession(request) {
      process.stderr.write(`fake-acp: closed ${request.sessionId}\n`);
      return {};
    },
    async setSessionMode(request) {
      await held('session/set_mode');
      await update(request.sessionId, { sessionUpdate: 'current_mode_update', currentModeId: request.modeId });
      return {};
    },
    async setSessionConfigOption(request) {
      if (setSetting(request)) return { configOptions: choicesOf(request.sessionId).configOptions };
      const model = { ...choices.configOptions[0]!, currentValue: String(request.value) };
      return { configOptions: [model, ...settingOptions(request.sessionId)] };
    },
    async cancel(request) {
      cancelled.add(request.sessionId);
    },
    async prompt(request: PromptRequest) {
      const { sessionId } = request;
      cancelled.delete(sessionId);
      const text = request.prompt.map((block) => (block.type === 'text' ? block.text : '')).join('');
      process.stderr.write(`fake-acp: prompt ${text.slice(0, 60).replaceAll('\n', ' ')}\n`);
      const has = (word: string) => text.includes(word);
      await announce(sessionId);
      await update(sessionId, { sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text: 'Thinking about it.' } });
      if (has('crash')) {
        await update(sessionId, { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'About to fail' } });
        process.stderr.write('fake agent: simulated crash\n');
        await sleep(20);
        process.exit(3);
      }
      if (has('garbage')) process.stdout.write('this line is not json\n');
      if (has('odd')) {
        raw({ jsonrpc: '2.0', method: 'session/update', params: { sessionId, update: { sessionUpdate: 'future_kind', anything: 1 } } });
        raw({
          jsonrpc: '2.0',
          method: 'session/update',
          params: { sessionId, update: { sessionUpdate: 'usage_update', used: null, size: null, cost: null } },
        });
        raw({
          jsonrpc: '2.0',
          method: 'session/update',
          params: { sessionId, update: { sessionUpdate: 'usage_update', used: 5, size: 0, cost: null } },
        });
        raw({
          jsonrpc: '2.0',
          method: 'session/update',
          params: {
            sessionId,
            update: {
              sessionUpdate: 'tool_call',
              toolCallId: 'odd-1',
              title: 'Odd',
              kind: 'read',
              status: 'completed',
              locations: [{ path: 'x', line: null }],
              content: null,
              rawInput: null,
            },
          },
        });
      }
      if (has('mode')) await update(sessionId, { sessionUpdate: 'current_mode_update', currentModeId: 'code' });
      if (has('plan')) {
        await update(sessionId, {
          sessionUpdate: 'plan',
          entries: [
            { content: 'Look around', priority: 'high', status: 'completed' },
            { content: 'Change things', priority: 'medium', status: 'pending' },
          ],
        });
      }
      if (has('write')) await writeNotes(connection, sessionId);
      const put = /put (\S+)/.exec(text);
      if (put) await writeNotes(connection, sessionId, put[1]!);
      const read = /read (\S+)/.exec(text);
      if (read) {
        const answer = await connection.readTextFile({ sessionId, path: read[1]! }).then(
          (file) => `read ok: ${file.content}`,
          (error: { message?: string }) => `read refused: ${error.message}`,
        );
        await update(sessionId, { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: `${answer}\n` } });
      }
      const say = (said: string) => update(sessionId, { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: said } });
      if (has('codex-rm')) await agentRunsRm(connection, sessionId, 'codex', say);
      if (has('gemini-rm')) await agentRunsRm(connection, sessionId, 'gemini', say);
      if (has('sneak')) await sneakPastReadApproval(connection, sessionId, say);
      if (has('run')) await runTerminal(connection, sessionId, `run-${(counter += 1)}`);
      if (has('outputs')) await reportShapedCommands(connection, sessionId);
      if (has('withdraw')) await withdrawPermission(connection, sessionId);
      if (has('flip-brief') && flipBrief(sessionId)) {
        await update(sessionId, { sessionUpdate: 'config_option_update', configOptions: choicesOf(sessionId).configOptions });
      }
      if (has('show-settings')) await say(describeSettings(sessionId));
      if (has('elicit-')) await elicit(connection, sessionId, text, clientCapabilities, say);
      if (has('messages')) {
        for (const [messageId, piece] of [
          ['msg-a', 'First message, '],
          ['msg-a', 'still first.'],
          ['msg-b', 'Second message.'],
        ] as const) {
          await update(sessionId, { sessionUpdate: 'agent_message_chunk', messageId, content: { type: 'text', text: piece } });
        }
      }
      if (has('slow') || has('stubborn')) {
        for (let word = 0; word < 600; word += 1) {
          if (cancelled.has(sessionId) && !has('stubborn')) return { stopReason: 'cancelled' };
          await update(sessionId, { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: `word${word} ` } });
          await sleep(100);
        }
      }
      for (const piece of ['Fake agent heard: ', text.slice(0, 60)]) {
        await update(sessionId, { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: piece } });
      }
      await update(sessionId, { sessionUpdate: 'usage_update', used: 1234, size: 200000, cost: { amount: 0.01, currency: 'USD' } });
      return {
        stopReason: cancelled.has(sessionId) ? 'cancelled' : 'end_turn',
        usage: { inputTokens: 1000, outputTokens: 234, totalTokens: 1234 },
      };
    },
  };
}

async function writeNotes(connection: AgentSideConnection, sessionId: string, target = 'notes.txt') {
  const toolCallId = `write-${(counter += 1)}`;
  const diff = { type: 'diff' as const, path: `${process.cwd()}/${target}`, oldText: null, newText: 'fake notes\nline two\n' };
  await connection.sessionUpdate({
    sessionId,
    update: {
      sessionUpdate: 'tool_call',
      toolCallId,
      title: `Write ${target}`,
      kind: 'edit',
      status: 'pending',
      content: [diff],
      locations: [{ path: diff.path }],
      rawInput: { path: target },
    },
  });
  const answer = await connection.requestPermission({
    sessionId,
    toolCall: { toolCallId, title: `Write ${target}`, kind: 'edit' },
    options: [
      { optionId: 'fake-allow', name: 'Allow this edit', kind: 'allow_once' },
      { optionId: 'fake-always', name: 'Always allow edits', kind: 'allow_always' },
      { optionId: 'fake-reject', name: 'Do not edit', kind: 'reject_once' },
    ],
  });
  process.stderr.write(`fake-acp: permission answered ${JSON.stringify(answer.outcome)}\n`);
  const picked = answer.outcome.outcome === 'selected' ? answer.outcome.optionId : undefined;
  const allowed = picked !== undefined && picked !== 'fake-reject';
  if (!allowed) {
    await connection.sessionUpdate({
      sessionId,
      update: {
        sessionUpdate: 'tool_call_update',
        toolCallId,
        status: 'failed',
        rawOutput: `not allowed (${JSON.stringify(answer.outcome)})`,
      },
    });
    return;
  }
  await connection.sessionUpdate({ sessionId, update: { sessionUpdate: 'tool_call_update', toolCallId, status: 'in_progress' } });
  const written = await connection.writeTextFile({ sessionId, path: diff.path, content: diff.newText }).then(
    () => `wrote ${target} (${picked})`,
    (error: { message?: string }) => `write refused: ${error.message}`,
  );
  await connection.sessionUpdate({
    sessionId,
    update: {
      sessionUpdate: 'tool_call_update',
      toolCallId,
      status: 'completed',
      content: [{ type: 'content', content: { type: 'text', text: written } }],
    },
  });
}

async function withdrawPermission(connection: AgentSideConnection, sessionId: string) {
  const toolCallId = `withdraw-${(counter += 1)}`;
  await connection.sessionUpdate({
    sessionId,
    update: { sessionUpdate: 'tool_call', toolCallId, title: 'Delete build', kind: 'delete', status: 'pending' },
  });
  const cancel = new AbortController();
  process.once('SIGUSR2', () => cancel.abort());
  const request = {
    sessionId,
    toolCall: { toolCallId, title: 'Delete build' },
    options: [{ optionId: 'yes', name: 'Delete it', kind: 'allow_once' as const }],
  };
  const answer = connection.request<RequestPermissionResponse>('session/request_permission', request, {
    cancellationSignal: cancel.signal,
  });
  process.stderr.write(`fake-acp: asking (pid ${process.pid})\n`);
  const outcome = await answer.then(
    (response) => JSON.stringify(response.outcome),
    (error: { message?: string }) => `error ${error.message}`,
  );
  process.stderr.write(`fake-acp: withdrawn request answered ${outcome}\n`);
}

async function reportShapedCommands(connection: AgentSideConnection, sessionId: string) {
  for (const { toolCallId, call, end, asks } of REAL_TOOL_OUTPUTS) {
    const started = { toolCallId, ...call } as Parameters<AgentSideConnection['requestPermission']>[0]['toolCall'];
    await connection.sessionUpdate({
      sessionId,
      update: { sessionUpdate: 'tool_call', status: 'pending', ...started } as SessionNotification['update'],
    });
    if (asks)
      await connection.requestPermission({
        sessionId,
        toolCall: started,
        options: [{ optionId: 'yes', name: 'Run it', kind: 'allow_once' }],
      });
    await connection.sessionUpdate({ sessionId, update: { sessionUpdate: 'tool_call_update', toolCallId, status: 'in_progress' } });
    await connection.sessionUpdate({
      sessionId,
      update: { sessionUpdate: 'tool_call_update', toolCallId, ...end } as SessionNotification['update'],
    });
  }
}

// Started with the login method's args, the program is the login (fake-acp-auth.ts), not the agent.
if (!runLoginIfAsked()) {
  const stream = ndJsonStream(
    Writable.toWeb(process.stdout) as WritableStream<Uint8Array>,
    Readable.toWeb(process.stdin) as ReadableStream<Uint8Array>,
  );
  const connection = new AgentSideConnection(agent, withStringIds(stream));
  void connection.closed.then(() => process.exit(0));
}
