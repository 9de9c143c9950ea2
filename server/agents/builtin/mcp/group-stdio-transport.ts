/**
 * The MCP SDK's stdio client transport, but with the server in a process group of its own that
 * the child guard ends with the relay (server/process/child-guard.ts), and a shutdown that reaches
 * the whole group: `npx some-server` runs the server as a grandchild, which the SDK's own
 * transport (it signals only the process it started) would leave behind. Messages are framed by
 * the SDK's own ReadBuffer and serializeMessage, one JSON message a line; one nested deeper than
 * MAX_JSON_DEPTH is not passed on (refused-message.ts), and a line longer than the size cap ends
 * the connection (message-size-cap.ts).
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { PassThrough } from 'node:stream';
import type { ReadBuffer } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { groupHasMembers, guardChildGroup } from '../../../process/child-guard';
import { argumentsHoldingRelaySecret, SECRET_IN_COMMAND_LINE } from '../../../process/relay-secrets';
import type { McpStdioFraming } from './mcp-sdk';
import { MAX_MCP_MESSAGE_BYTES, McpMessageTooLarge, MessageSizeCounter } from './message-size-cap';
import { refuseTooDeep } from './refused-message';

export interface GroupStdioServer {
  command: string;
  args?: readonly string[];
  /** The server's whole environment. */
  env: Record<string, string>;
  cwd: string;
  /** How long each stage of the shutdown (stdin ended, then SIGTERM) waits for the process to go. */
  graceMs: number;
}

export class GroupStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** Available before start(), so that nothing the server says while starting is missed. */
  readonly stderr = new PassThrough();
  /** The server's pid once started; kept after it exits, for the caller's last checks. */
  pid: number | undefined;
  private child: ChildProcessWithoutNullStreams | undefined;
  private readonly readBuffer: ReadBuffer;
  private readonly messageSize: MessageSizeCounter;
  private refusedTooLarge = false;
  private releaseGuard: () => void = () => undefined;
  private closing: Promise<void> | undefined;

  /** The framing comes from the SDK that the caller loaded (mcp-sdk.ts: it is loaded on first use). */
  constructor(
    private readonly server: GroupStdioServer,
    private readonly framing: McpStdioFraming,
  ) {
    this.readBuffer = new framing.ReadBuffer();
    this.messageSize = new MessageSizeCounter(MAX_MCP_MESSAGE_BYTES);
  }

  start(): Promise<void> {
    if (this.child) throw new Error('GroupStdioTransport already started');
    if (argumentsHoldingRelaySecret([this.server.command, ...(this.server.args ?? [])]) !== -1) {
      return Promise.reject(new Error(`not started: ${SECRET_IN_COMMAND_LINE}`));
    }
    const child = spawn(this.server.command, [...(this.server.args ?? [])], {
      // Next.js's typings make NODE_ENV required on ProcessEnv; a child's environment needs no such thing.
      env: { ...this.server.env } as NodeJS.ProcessEnv,
      cwd: this.server.cwd,
      stdio: 'pipe',
      shell: false,
      detached: true,
      windowsHide: true,
    });
    this.child = child;
    child.stderr.pipe(this.stderr);
    child.stdin.on('error', (error) => this.onerror?.(error));
    child.stdout.on('error', (error) => this.onerror?.(error));
    child.stdout.on('data', (chunk: Buffer) => this.receive(chunk));
    child.once('close', () => {
      this.releaseWhenGroupEmpty();
      this.onclose?.();
    });
    return new Promise((resolve, reject) => {
      child.once('error', (error) => {
        reject(error);
        this.onerror?.(error);
      });
      child.once('spawn', () => {
        this.pid = child.pid;
        if (child.pid !== undefined) this.releaseGuard = guardChildGroup(child.pid);
        resolve();
      });
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.child?.stdin;
    if (!stdin || this.closing) return Promise.reject(new Error('Not connected'));
    return new Promise((resolve) => {
      if (stdin.write(this.framing.serializeMessage(message))) resolve();
      else stdin.once('drain', resolve);
    });
  }

  /** Ends stdin, then SIGTERM to the group, then SIGKILL; whatever the server left in its group goes too. */
  close(): Promise<void> {
    this.closing ??= this.shutDown();
    return this.closing;
  }

  private async shutDown(): Promise<void> {
    const child = this.child;
    if (!child) return;
    const closed = new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) resolve();
      else child.once('exit', () => resolve());
    });
    child.stdin.end();
    if (!(await within(closed, this.server.graceMs))) {
      this.signalGroup('SIGTERM');
      if (!(await within(closed, this.server.graceMs))) this.signalGroup('SIGKILL');
    }
    this.signalGroup('SIGKILL');
    this.releaseGuard();
    this.readBuffer.clear();
  }

  private receive(chunk: Buffer): void {
    if (this.refusedTooLarge) return;
    if (!this.messageSize.add(chunk)) {
      // The line cannot be read, nor what follows it told apart from its rest: the server goes.
      this.refusedTooLarge = true;
      this.readBuffer.clear();
      this.onerror?.(new McpMessageTooLarge(this.messageSize.maxBytes));
      void this.close();
      return;
    }
    try {
      this.readBuffer.append(chunk);
      for (let message = this.readBuffer.readMessage(); message; message = this.readBuffer.readMessage()) {
        const refusal = refuseTooDeep(message);
        if (refusal === undefined) {
          this.onmessage?.(message);
          continue;
        }
        if (refusal.reply) void this.send(refusal.reply).catch((error: unknown) => this.onerror?.(error as Error));
        if (refusal.inPlace) this.onmessage?.(refusal.inPlace);
        this.onerror?.(refusal.error);
      }
    } catch (error) {
      this.onerror?.(error instanceof Error ? error : new Error(String(error)));
    }
  }

  /** A group that is gone lets its number go; one with processes left stays guarded until close(). */
  private releaseWhenGroupEmpty(): void {
    if (this.pid !== undefined && !groupHasMembers(this.pid)) this.releaseGuard();
  }

  private signalGroup(signal: NodeJS.Signals): void {
    if (this.pid === undefined) return;
    try {
      process.kill(-this.pid, signal);
    } catch (error) {
      // ESRCH: the group has no member left, which is what the shutdown is after.
      if ((error as NodeJS.ErrnoException).code !== 'ESRCH') {
        this.onerror?.(new Error(`Could not send ${signal} to the server's group: ${(error as Error).message}`));
      }
    }
  }
}

function within(promise: Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  return Promise.race([promise.then(() => true), timeout]).finally(() => clearTimeout(timer));
}
