/**
 * A fake Autohand for tests and for trying Baton without it: newline-delimited JSON-RPC 2.0 on
 * stdin/stdout, logs on stderr, as specs/autohand-jsonrpc.md (the reference) and
 * specs/autohand-observed.md (what a real build does) describe. Standalone, no project imports:
 *
 *   node --import tsx server/agents/autohand/testing/fake-autohand.ts --mode rpc   # observed build
 *   node --import tsx server/agents/autohand/testing/fake-autohand.ts --rpc        # reference
 *
 * `FAKE_AUTOHAND_FLAVOR=observed|reference` overrides the flag. `FAKE_AUTOHAND_LOG=<file>` appends
 * every message received, one JSON a line, so a test can check what the client sent.
 * `FAKE_AUTOHAND_LOGGED_OUT=1` makes it refuse to start as a real build without a login token
 * does: error -32011 with `id: null`, then exit 1. `FAKE_AUTOHAND_HOLD=getState` makes it start
 * slowly: its first `autohand.getState` (the client's check that it is up) is answered only once
 * the process gets SIGUSR2; it says so on stderr (`fake-autohand: holding getState (pid <pid>)`)
 * so a test can wait for that, press Stop, then let it go on.
 *
 * Flavours differ as the specs do. observed: `prompt` is answered at once; every prompt is wrapped
 * in a changes batch (changeCount 0 when nothing changed); flat `turnEnd`; permission requests
 * carry `options`; abort ends with `messageEnd {aborted}` and `turnEnd {reason: 'aborted'}`; a
 * prompt during a turn gets -32603; `ping` during long turns. reference: `prompt` is answered
 * when the turn is over; `turnEnd.stats`; abort ends with `autohand.error` -32004 then `turnEnd`;
 * a prompt during a turn gets -32003.
 *
 * Keywords in the prompt's message (case-insensitive, any number of them, in this order):
 *   echo        answers with the prompt's params as JSON (message, context, images)
 *   think       streams reasoning (`thought`) before the answer
 *   hooks       sends every hook notification (the observed ones too in that flavour)
 *   ping        sends `autohand.ping`
 *   unknown     sends an unknown notification and a toolUpdate with bad params
 *   garbage     writes a line that is not JSON and one cut in the middle
 *   nulls       sends null for every optional field it can
 *   ask-client  sends the client a request with a string id (`autohand.directoryAccessRequest`)
 *   tool        runs `run_command` with streamed output; `fail` makes it fail
 *   write       asks permission to write notes.txt (tool write_file); writes it if allowed
 *   command     asks permission to run `rm -rf build` (tool run_command)
 *   changes     proposes a batch: create a.txt, modify b.txt, delete c.txt; applies what is decided
 *   error       sends `autohand.error` (recoverable: false) before ending the turn
 *   silent      sends the answer only in `messageEnd` (no `messageUpdate`), as the observed build may
 *   mute        sends no text at all, not even in `messageEnd` (only `getMessages` has the answer)
 *   slow        streams a long answer slowly until aborted
 *   stubborn    like slow, but ignores `abort`
 *   crash       exits with code 3 in the middle of the answer
 *   no-usage    observed flavour: `tokensUsageStatus: 'unavailable'`
 *
 * In a primed prompt (one carrying the earlier conversation), only the text after "The user now
 * says:" is searched for keywords.
 */
import { appendFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { FakeTurn } from './fake-turn';
import type { Flavor, Wire } from './fake-wire';

export type { Flavor } from './fake-wire';

const flavor: Flavor =
  process.env.FAKE_AUTOHAND_FLAVOR === 'observed' || process.env.FAKE_AUTOHAND_FLAVOR === 'reference'
    ? process.env.FAKE_AUTOHAND_FLAVOR
    : process.argv.includes('--mode') && process.argv[process.argv.indexOf('--mode') + 1] === 'rpc'
      ? 'observed'
      : 'reference';
const logFile = process.env.FAKE_AUTOHAND_LOG;
let holdGetState = process.env.FAKE_AUTOHAND_HOLD === 'getState';

const wire: Wire = {
  flavor,
  notify: (method, params) => write({ jsonrpc: '2.0', method, params }),
  respond: (id, result) => write({ jsonrpc: '2.0', id, result }),
  fail: (id, code, message) => write({ jsonrpc: '2.0', id, error: { code, message } }),
  raw: (line) => process.stdout.write(`${line}\n`),
  now: () => new Date().toISOString(),
};

function write(message: unknown): void {
  process.stdout.write(`${JSON.stringify(message)}\n`);
}

let sessionId = newSessionId();
let turn: FakeTurn | undefined;
let turnCount = 0;
const history: Array<{ role: 'user' | 'assistant' | 'system'; content: string }> = [];

function newSessionId(): string {
  return `fake-session-${Math.random().toString(36).slice(2, 10)}`;
}

function announceSession(): void {
  wire.notify('autohand.agentStart', {
    sessionId,
    model: 'fake-model',
    workspace: process.cwd(),
    timestamp: wire.now(),
    contextPercent: 0,
  });
  if (flavor === 'observed') wire.notify('autohand.hook.sessionStart', { sessionId, timestamp: wire.now() });
}

type Handler = (params: Record<string, unknown>, id: unknown) => unknown;

const handlers: Record<string, Handler> = {
  'autohand.prompt': (params, id) => {
    if (turn) {
      if (flavor === 'observed') wire.fail(id, -32603, 'Agent is already processing');
      else wire.fail(id, -32003, 'Agent busy: a turn is running');
      return undefined;
    }
    if (typeof params.message !== 'string') return wire.fail(id, -32602, 'Invalid params: message must be a string');
    turnCount += 1;
    history.push({ role: 'user', content: params.message });
    turn = new FakeTurn(wire, `turn-${turnCount}`, sessionId, params);
    if (flavor === 'observed') wire.respond(id, { success: true });
    void turn.run().then((answer) => {
      history.push({ role: 'assistant', content: answer });
      turn = undefined;
      if (flavor === 'reference') wire.respond(id, { success: true });
    });
    return undefined;
  },
  'autohand.abort': () => {
    turn?.abort();
    return { success: true };
  },
  'autohand.reset': () => {
    sessionId = newSessionId();
    history.length = 0;
    announceSession();
    return { sessionId };
  },
  'autohand.getState': () => ({
    status: turn ? (turn.waitingPermission ? 'waiting_permission' : 'processing') : 'idle',
    sessionId,
    model: 'fake-model',
    workspace: process.cwd(),
    contextPercent: Math.min(100, history.length * 2),
    messageCount: history.length,
    ...(flavor === 'observed' ? { authenticatedUser: { email: 'fake@example.invalid' } } : {}),
  }),
  'autohand.getMessages': (params) => {
    const all = flavor === 'observed' ? [{ role: 'system' as const, content: 'You are Autohand.' }, ...history] : history;
    const limit = typeof params.limit === 'number' ? params.limit : all.length;
    const messages = all.map((message, index) => ({ id: `msg_${index}`, ...message, timestamp: wire.now() }));
    return { messages: messages.slice(-limit) };
  },
  'autohand.permissionResponse': (params) => ({ success: turn?.answerPermission(params) ?? false }),
  'autohand.permissionAcknowledged': (params) => ({ success: turn?.acknowledgePermission(params) ?? false }),
  'autohand.changesDecision': (params) => FakeTurn.decideChanges(params),
};

function receive(line: string): void {
  if (logFile) appendFileSync(logFile, `${line}\n`);
  let message: Record<string, unknown>;
  try {
    message = JSON.parse(line) as Record<string, unknown>;
  } catch {
    wire.fail(null, -32700, 'Parse error');
    return;
  }
  if (typeof message !== 'object' || message === null || Array.isArray(message)) {
    wire.fail(null, -32600, 'Invalid Request');
    return;
  }
  // A response to a request of ours (ask-client), or the client's answer to bad input of ours.
  if (!('method' in message)) {
    turn?.receiveResponse(message);
    return;
  }
  const handler = handlers[String(message.method)];
  const { id } = message;
  if (!handler) {
    if (id !== undefined) wire.fail(id, -32601, `Method not found: ${String(message.method)}`);
    return;
  }
  const params = (message.params ?? {}) as Record<string, unknown>;
  if (message.method === 'autohand.getState' && holdGetState) {
    holdGetState = false;
    process.once('SIGUSR2', () => wire.respond(id, handler(params, id)));
    process.stderr.write(`fake-autohand: holding getState (pid ${process.pid})\n`);
    return;
  }
  const result = handler(params, id);
  if (result !== undefined && id !== undefined) wire.respond(id, result);
}

process.stderr.write(`fake autohand (${flavor}) started in ${process.cwd()}\n`);
if (process.env.FAKE_AUTOHAND_LOGGED_OUT === '1') {
  wire.fail(null, -32011, 'Not authenticated: run `autohand login` first');
  process.exit(1);
}
announceSession();
const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on('line', (line) => {
  if (line.trim() !== '') receive(line);
});
lines.on('close', () => {
  if (flavor === 'observed') wire.notify('autohand.hook.sessionEnd', { reason: 'exit', timestamp: wire.now() });
  wire.notify('autohand.agentEnd', { sessionId, reason: 'aborted', timestamp: wire.now() });
  process.exit(0);
});
