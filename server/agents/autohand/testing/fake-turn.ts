/**
 * One turn of the fake Autohand (fake-autohand.ts lists the keywords): the notifications a
 * prompt's keywords ask for, in the order either flavour sends them, and the waits for the
 * client's answers (permissionResponse, changesDecision, abort).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { Wire } from './fake-wire';
import { applyDecision, type FakeChange, pendingBatches, proposedChanges } from './fake-changes';

/** Where history-transcript.ts's primed prompt puts the user's new message. */
const PRIMED_PROMPT_MARKER = 'The user now says:';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class FakeTurn {
  waitingPermission = false;
  private aborted = false;
  private abortListeners: Array<() => void> = [];
  private permissionWaiters = new Map<string, (params: Record<string, unknown>) => void>();
  private acknowledged = new Set<string>();
  private batch: { id: string; changes: FakeChange[] } | undefined;
  private requestCount = 0;
  private onResponse: () => void = () => undefined;
  private readonly text: string;

  constructor(
    private readonly wire: Wire,
    private readonly turnId: string,
    private readonly sessionId: string,
    private readonly params: Record<string, unknown>,
  ) {
    // A primed prompt carries the earlier conversation; only what the user says now has keywords.
    const message = String(params.message);
    const now = message.lastIndexOf(PRIMED_PROMPT_MARKER);
    this.text = (now === -1 ? message : message.slice(now)).toLowerCase();
  }

  abort(): void {
    if (this.has('stubborn')) return;
    this.aborted = true;
    for (const listener of this.abortListeners.splice(0)) listener();
  }

  /** Resolves with the answer's text once the turn has ended. */
  async run(): Promise<string> {
    const { wire } = this;
    const observed = wire.flavor === 'observed';
    const batchId = `batch-${this.turnId}`;
    wire.notify(
      'autohand.turnStart',
      observed
        ? { turnId: this.turnId, timestamp: wire.now() }
        : { turnId: this.turnId, sessionId: this.sessionId, instruction: this.params.message, timestamp: wire.now() },
    );
    if (observed || this.has('changes')) wire.notify('autohand.changesBatchStart', { batchId, turnId: this.turnId, timestamp: wire.now() });
    const messageId = `message-${this.turnId}`;
    const nulls = this.has('nulls');
    wire.notify(
      'autohand.messageStart',
      observed ? { messageId, role: 'assistant', timestamp: wire.now() } : { messageId, turnId: this.turnId, timestamp: wire.now() },
    );
    const answer: string[] = [];
    const say = (delta: string, thought?: string) => {
      answer.push(delta);
      if (this.has('silent') || this.has('mute')) return;
      wire.notify('autohand.messageUpdate', { messageId, delta, thought: thought ?? (nulls ? null : undefined), timestamp: wire.now() });
    };

    if (this.has('echo')) say(`Received: ${JSON.stringify(this.params)}`);
    if (this.has('think')) {
      wire.notify('autohand.messageUpdate', { messageId, delta: '', thought: 'Let me think. ', timestamp: wire.now() });
      wire.notify('autohand.messageUpdate', { messageId, delta: '', thought: 'Done thinking.', timestamp: wire.now() });
    }
    if (this.has('hooks')) this.sendHooks();
    if (this.has('ping')) wire.notify('autohand.ping', { timestamp: wire.now(), status: 'processing', turnId: this.turnId });
    if (this.has('unknown')) {
      wire.notify('autohand.brandNewThing', { anything: [1, 2, 3] });
      wire.notify('autohand.toolUpdate', { toolId: 42 });
    }
    if (this.has('garbage')) {
      wire.raw('{this is not json');
      wire.raw('{"jsonrpc":"2.0","method":"autohand.messageUpd');
    }
    if (this.has('ask-client')) wire.notify('autohand.hook.prePrompt', { instruction: 'x', mentionedFiles: [], timestamp: wire.now() });
    if (this.has('ask-client')) {
      // A request of its own, with a string id; the turn goes on once the client has answered.
      const answered = new Promise<void>((resolve) => (this.onResponse = resolve));
      wire.raw(JSON.stringify({ jsonrpc: '2.0', id: 'host-1', method: 'autohand.directoryAccessRequest', params: { path: '/tmp' } }));
      await answered;
    }
    say('Hello from the fake Autohand.');
    if (this.has('tool')) await this.runTool('tool-1', 'run_command', { command: 'echo hi' }, this.has('fail'));
    if (this.has('write')) await this.askThenRun('write_file', { path: 'notes.txt' }, 'Write notes.txt', say, batchId);
    if (this.has('command')) await this.askThenRun('run_command', { command: 'rm -rf build' }, 'Run rm -rf build', say, batchId);
    if (this.has('changes')) this.batch = { id: batchId, changes: proposedChanges() };
    if (this.batch)
      for (const change of this.batch.changes) wire.notify('autohand.changesBatchUpdate', { batchId, change, timestamp: wire.now() });
    if (this.has('error'))
      wire.notify('autohand.error', { code: -32000, message: 'Model quota exceeded', recoverable: false, timestamp: wire.now() });
    if (this.has('crash')) {
      process.stderr.write('fatal: the fake Autohand crashed on purpose\n');
      process.exit(3);
    }
    if (this.has('slow') || this.has('stubborn')) {
      for (let index = 0; index < 2000 && !this.aborted; index += 1) {
        say(`word${index} `);
        await sleep(20);
      }
    }
    say(' Done.');
    if (observed || this.batch) {
      if (this.batch) pendingBatches.set(this.batch.id, this.batch.changes);
      wire.notify('autohand.changesBatchEnd', { batchId, changeCount: this.batch?.changes.length ?? 0, timestamp: wire.now() });
    }
    const content = (this.aborted && observed) || this.has('mute') ? '' : answer.join('');
    wire.notify('autohand.messageEnd', {
      messageId,
      content,
      ...(observed ? {} : { toolCalls: nulls ? null : [] }),
      ...(this.aborted && observed ? { aborted: true } : {}),
      timestamp: wire.now(),
    });
    if (this.aborted && !observed)
      wire.notify('autohand.error', { code: -32004, message: 'Aborted', recoverable: true, timestamp: wire.now() });
    wire.notify('autohand.turnEnd', this.turnEndParams());
    return answer.join('');
  }

  /** The observed build answers `{success: false}` for a request it does not know. */
  answerPermission(params: Record<string, unknown>): boolean {
    const waiter = this.permissionWaiters.get(String(params.requestId));
    if (!waiter) return false;
    this.permissionWaiters.delete(String(params.requestId));
    waiter(params);
    return true;
  }

  acknowledgePermission(params: Record<string, unknown>): boolean {
    if (!this.permissionWaiters.has(String(params.requestId))) return false;
    this.acknowledged.add(String(params.requestId));
    return true;
  }

  /** A decision for a batch that has ended, during its turn or after it; an unknown batch fails as observed. */
  static decideChanges(params: Record<string, unknown>): unknown {
    const changes = pendingBatches.get(String(params.batchId));
    if (!changes) return { success: false, errors: [{ changeId: '', error: `Unknown batch ${String(params.batchId)}` }] };
    pendingBatches.delete(String(params.batchId));
    return applyDecision(changes, params);
  }

  receiveResponse(message: Record<string, unknown>): void {
    process.stderr.write(`fake autohand got a response: ${JSON.stringify(message)}\n`);
    if (message.id === 'host-1') this.onResponse();
  }

  private has(keyword: string): boolean {
    return this.text.includes(keyword);
  }

  private async askThenRun(
    tool: string,
    context: Record<string, string>,
    description: string,
    say: (text: string) => void,
    batchId: string,
  ) {
    const { wire } = this;
    const requestId = this.wire.flavor === 'observed' ? `perm-${++this.requestCount}` : `permission-${this.turnId}-${++this.requestCount}`;
    const answered = new Promise<Record<string, unknown> | undefined>((resolve) => {
      this.permissionWaiters.set(requestId, resolve);
      this.abortListeners.push(() => resolve(undefined));
    });
    this.waitingPermission = true;
    wire.notify('autohand.permissionRequest', {
      requestId,
      tool,
      description,
      context: this.has('nulls') ? { ...context, args: null } : context,
      ...(wire.flavor === 'observed' ? { options: OBSERVED_OPTIONS } : {}),
      timestamp: wire.now(),
    });
    if (wire.flavor === 'observed') wire.notify('autohand.hook.permissionRequest', { tool, requestId, timestamp: wire.now() });
    const response = await answered;
    this.waitingPermission = false;
    if (!response) return;
    const decision = typeof response.decision === 'string' ? response.decision : undefined;
    const allowed = decision ? decision.startsWith('allow') : response.allowed === true;
    const acknowledged = this.acknowledged.has(requestId) ? 'acknowledged' : 'not acknowledged';
    say(` Permission for ${tool}: ${allowed ? 'allowed' : 'denied'} (${decision ?? 'no decision'}, ${acknowledged}).`);
    if (!allowed) return;
    await this.runTool(`tool-${requestId}`, tool, context, false);
    if (tool === 'write_file') {
      const before = existsSync('notes.txt') ? readFileSync('notes.txt', 'utf8') : null;
      const change: FakeChange = {
        id: 'change-notes',
        filePath: 'notes.txt',
        changeType: before === null ? 'create' : 'modify',
        originalContent: before ?? '',
        proposedContent: 'Notes written by the fake Autohand.\n',
        description: 'Write notes',
        toolId: wire.flavor === 'observed' ? '' : `tool-${requestId}`,
        toolName: wire.flavor === 'observed' ? '' : tool,
      };
      if (wire.flavor === 'observed') this.batch = { id: batchId, changes: [...(this.batch?.changes ?? []), change] };
      else writeFileSync(change.filePath, change.proposedContent);
    }
  }

  private async runTool(toolId: string, toolName: string, args: Record<string, unknown>, fail: boolean) {
    const { wire } = this;
    const nulls = this.has('nulls');
    wire.notify('autohand.toolStart', {
      toolId,
      toolName,
      args: wire.flavor === 'observed' ? { type: toolName, ...args } : args,
      timestamp: wire.now(),
    });
    if (toolName === 'run_command') {
      wire.notify('autohand.toolUpdate', { toolId, output: 'hi\n', stream: 'stdout', timestamp: wire.now() });
      wire.notify('autohand.toolUpdate', { toolId, output: 'warning: fake\n', stream: 'stderr', timestamp: wire.now() });
    }
    await sleep(5);
    wire.notify('autohand.toolEnd', {
      toolId,
      toolName,
      success: !fail,
      output: fail ? (nulls ? null : undefined) : 'hi\nwarning: fake\n',
      error: fail ? 'boom: the command failed' : nulls ? null : undefined,
      timestamp: wire.now(),
    });
  }

  private sendHooks() {
    const { wire } = this;
    const now = wire.now();
    wire.notify('autohand.hook.preTool', { toolId: 'hook-tool', toolName: 'read_file', args: { path: 'a.txt' }, timestamp: now });
    wire.notify('autohand.hook.postTool', {
      toolId: 'hook-tool',
      toolName: 'read_file',
      success: true,
      duration: 3,
      output: 'x',
      timestamp: now,
    });
    wire.notify('autohand.hook.fileModified', { filePath: 'src/app.ts', changeType: 'modify', toolId: 'hook-tool', timestamp: now });
    wire.notify('autohand.hook.prePrompt', { instruction: String(this.params.message), mentionedFiles: [], timestamp: now });
    wire.notify('autohand.hook.postResponse', { tokensUsed: 12, toolCallsCount: 1, duration: 40, timestamp: now });
    wire.notify('autohand.hook.sessionError', { error: 'disk almost full', code: 'E_DISK', timestamp: now });
    if (wire.flavor === 'observed') wire.notify('autohand.hook.stop', { timestamp: now });
  }

  private turnEndParams(): Record<string, unknown> {
    const { wire } = this;
    if (wire.flavor === 'reference') {
      return {
        turnId: this.turnId,
        sessionId: this.sessionId,
        stats: { tokensUsed: 42, duration: 1200, contextPercent: 3 },
        timestamp: wire.now(),
      };
    }
    const unavailable = this.has('no-usage');
    return {
      turnId: this.turnId,
      timestamp: wire.now(),
      contextPercent: 3,
      tokensUsed: unavailable ? 0 : 42,
      tokensUsageStatus: unavailable ? 'unavailable' : 'actual',
      durationMs: 1200,
      reason: this.aborted ? 'aborted' : 'completed',
    };
  }
}

const OBSERVED_OPTIONS = [
  'allow_once',
  'deny_once',
  'allow_session',
  'deny_session',
  'allow_always_project',
  'allow_always_user',
  'deny_always_project',
  'deny_always_user',
  'alternative',
];
