/**
 * One session of the fake Emacs-Agent backend: its numbered event log (every event gets the next
 * `id:`, so a client that reconnects with `Last-Event-ID` gets exactly what it missed), the event
 * streams listening to it, the tool calls waiting for approve/reject, and the running prompt.
 */
import type { ServerResponse } from 'node:http';
import type { EmacsAgentSseEvent } from '../../../../lib/protocol/emacs-agent/sse-events';

export interface FakeSessionInit {
  id: string;
  projectPath: string;
  model: string;
  autoApproveReadonly: boolean;
}

export type FakeApproval = 'approved' | 'rejected';

/** What the script of a prompt may write: a real event, or deliberately broken frames. */
export type FakeFrame = EmacsAgentSseEvent | { raw: (id: number) => string };

export class FakeSession {
  readonly startedAt = new Date().toISOString();
  readonly messages: { role: 'user' | 'assistant'; text: string }[] = [];
  readonly filesChanged = new Set<string>();
  status: 'active' | 'closed' = 'active';
  /** The running prompt's abort (interrupt), undefined when idle. */
  running: AbortController | undefined;
  /** The next stream that connects gets the whole log again, as a server that ignores Last-Event-ID. */
  replayAllOnNextConnect = false;
  private readonly log: { id: number; frame: string }[] = [];
  private readonly streams = new Set<ServerResponse>();
  private readonly approvals = new Map<string, (decision: FakeApproval) => void>();

  constructor(readonly init: FakeSessionInit) {}

  get id(): string {
    return this.init.id;
  }

  get messageCount(): number {
    return this.messages.length;
  }

  emit(event: FakeFrame): void {
    const id = this.log.length + 1;
    const frame = 'raw' in event ? event.raw(id) : eventFrame(id, event);
    this.log.push({ id, frame });
    for (const stream of this.streams) stream.write(frame);
  }

  /** Starts streaming to `response` after `lastEventId` (0: only what comes next, as a first connection). */
  subscribe(response: ServerResponse, lastEventId: number | undefined): void {
    response.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
    response.write('retry: 50\n: connected\n\n');
    const after = this.replayAllOnNextConnect ? 0 : (lastEventId ?? this.log.length);
    this.replayAllOnNextConnect = false;
    for (const { id, frame } of this.log) if (id > after) response.write(frame);
    this.streams.add(response);
    response.on('close', () => this.streams.delete(response));
  }

  /**
   * Cuts every stream abruptly, once what was written to it (and `partial`, half a frame) has
   * reached the socket: the client gets every whole event sent before, then a broken connection.
   */
  dropStreams(partial = ''): Promise<void> {
    const streams = [...this.streams];
    this.streams.clear();
    return Promise.all(
      streams.map((stream) => new Promise<void>((resolve) => stream.write(partial, () => resolve(void stream.destroy())))),
    ).then(() => undefined);
  }

  endStreams(): void {
    for (const stream of this.streams) stream.end();
    this.streams.clear();
  }

  get streamCount(): number {
    return this.streams.size;
  }

  waitForApproval(toolCallId: string, signal: AbortSignal): Promise<FakeApproval> {
    return new Promise((resolve) => {
      this.approvals.set(toolCallId, resolve);
      signal.addEventListener('abort', () => this.answer(toolCallId, 'rejected'), { once: true });
    });
  }

  /** False when no tool call of that id waits. */
  answer(toolCallId: string, decision: FakeApproval): boolean {
    const resolve = this.approvals.get(toolCallId);
    if (!resolve) return false;
    this.approvals.delete(toolCallId);
    resolve(decision);
    return true;
  }
}

/** As the spec's examples write them: one JSON object spread over several `data:` lines. */
export function eventFrame(id: number, event: EmacsAgentSseEvent | Record<string, unknown>, name = String(event.type)): string {
  const data = JSON.stringify(event, null, 2)
    .split('\n')
    .map((line) => `data: ${line}`)
    .join('\n');
  return `id: ${id}\nevent: ${name}\n${data}\n\n`;
}
