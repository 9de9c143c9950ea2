/**
 * An Emacs-Agent backend (specs/emacs-agent-http-sse.md) behind Baton's AgentBackend: one
 * backend session per thread, with its event stream open while Baton holds it.
 *
 * Sessions: the first turn of a thread in this process resumes the thread's saved session
 * (POST …/resume, "Resume Session"); when the backend no longer knows it (SESSION_NOT_FOUND),
 * or the thread has none, a session is created (POST /api/sessions) and, when the thread has
 * history, primed with it. Sessions are created with `auto_approve_readonly: false`, so every
 * tool call reaches the relay's PermissionGate, which lets read-only tools through by default.
 *
 * closeThread only lets go of the session here (its stream is closed): ending it
 * (DELETE /api/sessions/{id}) is final on the backend, which closes its transcript, and the
 * thread may come back and resume it.
 */
import { agentLog } from '../external/agent-log';
import { primedMessage } from '../external/history-transcript';
import { LiveRegistry } from '../external/live-registry';
import { PermissionGate } from '../external/permission-gate';
import { RestartBudget } from '../external/restart-budget';
import { ShownAgentInfo } from '../external/shown-agent-info';
import { untilAborted } from '../external/until-aborted';
import { type AgentBackend, type AgentInfo, type AgentTurn, AgentUnavailableError } from '../agent-backend';
import type { AgentFactoryContext } from '../agent-factory';
import type { EmacsAgentEntry } from '../agents-config';
import { EmacsAgentClient, isSessionNotFound } from './emacs-agent-client';
import { EmacsAgentTurn } from './emacs-agent-turn';
import { FileChangeTracker } from './file-change-tracker';
import { SessionEventStream, type SessionEventStreamOptions } from './session-event-stream';

export interface EmacsAgentBackendOptions {
  requestTimeoutMs?: number;
  stopGraceMs?: number;
  stream?: Pick<SessionEventStreamOptions, 'initialRetryMs' | 'maxRetryMs' | 'giveUpAfterMs'>;
}

interface HeldSession {
  sessionId: string;
  stream: SessionEventStream;
  /** The last turn was stopped before the backend said idle: its idle may still come. */
  staleIdleExpected: boolean;
  /** Created by Baton and not yet prompted: its first prompt carries the thread's history. */
  unprimed: boolean;
}

export class EmacsAgentBackend implements AgentBackend {
  private readonly shown: ShownAgentInfo;
  private readonly client: EmacsAgentClient;
  private readonly gate: PermissionGate;
  private readonly files: FileChangeTracker;
  /** One session per thread, held while its event stream works. */
  private readonly sessions: LiveRegistry<HeldSession>;
  /** Threads whose session was dropped after a failure: finding it again counts against the budget. */
  private readonly recovering = new Set<string>();
  private readonly log: (message: string) => void;

  constructor(
    entry: EmacsAgentEntry,
    private readonly context: AgentFactoryContext,
    private readonly options: EmacsAgentBackendOptions = {},
  ) {
    this.client = new EmacsAgentClient({
      url: entry.url,
      token: entry.token,
      name: context.name,
      requestTimeoutMs: options.requestTimeoutMs,
    });
    this.gate = new PermissionGate(context.policy);
    this.sessions = new LiveRegistry(new RestartBudget(context.name), (session) => !session.stream.failed);
    this.log = agentLog(context);
    this.files = new FileChangeTracker(context.workspace, this.log);
    this.shown = new ShownAgentInfo({
      name: entry.label ?? 'Emacs-Agent',
      kind: 'emacs-agent',
      // The backend picks its model; GET /api/sessions/{id} says which once a session exists.
      model: '',
      offlineDemo: false,
      behaviors: [],
      capabilities: { contexts: false, commands: false, toolServers: false, sessionApproval: true },
    });
  }

  get info(): AgentInfo {
    return this.shown.info;
  }

  async runTurn(turn: AgentTurn): Promise<void> {
    // Stop while the session opens ends the turn; the opening goes on, and the thread's next turn uses it.
    const found = await untilAborted(this.sessionFor(turn), turn.signal);
    if (!found) return;
    let { session } = found;
    try {
      try {
        if (!(await this.sendPrompt(turn, session))) return;
      } catch (error) {
        // A backend restarted since the last turn no longer knows the session held here: find it
        // again (resume, else a primed start), once.
        if (!found.reused || !isSessionNotFound(error)) throw error;
        this.forget(turn.threadId);
        const again = await untilAborted(this.sessionFor(turn, session.sessionId), turn.signal);
        if (!again) return;
        session = again.session;
        if (!(await this.sendPrompt(turn, session))) return;
      }
      const end = await new EmacsAgentTurn({
        turn,
        sessionId: session.sessionId,
        client: this.client,
        stream: session.stream,
        gate: this.gate,
        policy: this.context.policy,
        files: this.files,
        agentName: this.context.name,
        log: this.log,
        stopGraceMs: this.options.stopGraceMs,
        skipFirstIdle: session.staleIdleExpected,
      }).run();
      session.staleIdleExpected = end === 'stopped-without-idle';
    } catch (error) {
      // A backend may still say idle after `agent.state` error; the next turn must not end on it.
      session.staleIdleExpected = true;
      // A session the backend lost, or whose stream is gone, is not used again: the next turn resumes it or starts anew.
      if (session.stream.failed || isSessionNotFound(error) || error instanceof AgentUnavailableError) {
        this.forget(turn.threadId);
        this.recovering.add(turn.threadId);
      }
      if (session.stream.failed && !(error instanceof AgentUnavailableError)) throw session.stream.failed;
      throw error;
    }
  }

  async closeThread(threadId: string): Promise<void> {
    this.forget(threadId);
  }

  onInfoChanged(listener: () => void): void {
    this.shown.onChanged(listener);
  }

  async close(): Promise<void> {
    for (const threadId of this.sessions.keys()) this.forget(threadId);
  }

  /** False when Stop came first: a prompt is never sent after Stop. */
  private async sendPrompt(turn: AgentTurn, session: HeldSession): Promise<boolean> {
    for (const stale of session.stream.takeQueued()) this.log(`dropped a ${stale.event.type} event that came between turns`);
    const text = await primedMessage(turn, this.info.name, session.unprimed);
    if (turn.signal.aborted) return false;
    session.unprimed = false;
    await this.client.call('sendPrompt', { sessionId: session.sessionId, body: { text } });
    return true;
  }

  /** The thread's session: the one held, else the saved one resumed, else a new one (primed when the thread has history). */
  private async sessionFor(turn: AgentTurn, lost?: string): Promise<{ session: HeldSession; reused: boolean }> {
    const held = this.sessions.peek(turn.threadId);
    if (held?.stream.failed) this.forget(turn.threadId);
    const { value: session, fresh } = await this.sessions.obtain(
      turn.threadId,
      () => this.open(turn, lost ?? held?.sessionId ?? turn.agentSessionId),
      {
        // Only recoveries replace a failure: every thread's first turn after a relay restart resumes its session.
        replacesFailure: () => held !== undefined || lost !== undefined || this.recovering.delete(turn.threadId),
      },
    );
    return { session, reused: !fresh };
  }

  /** The saved session resumed, else a new one. */
  private async open(turn: AgentTurn, known: string | undefined): Promise<HeldSession> {
    if (known !== undefined) {
      try {
        await this.client.call('resumeSession', { sessionId: known });
        return await this.withEvents(known, false);
      } catch (error) {
        if (!isSessionNotFound(error)) throw error;
        this.log(`session ${known} of thread ${turn.threadId} is unknown to the backend; starting a new one`);
      }
    }
    const created = await this.client.call('createSession', {
      body: {
        project_path: this.context.workspace.root,
        ...(turn.model ? { model: turn.model } : {}),
        config: { auto_approve_readonly: false, save_transcript: true },
      },
    });
    await turn.saveAgentSession(created.session_id);
    const session = await this.withEvents(created.session_id, true);
    await this.learnModel(created.session_id);
    return session;
  }

  /** The session with its event stream open. */
  private async withEvents(sessionId: string, unprimed: boolean): Promise<HeldSession> {
    const stream = await SessionEventStream.open({ client: this.client, sessionId, log: this.log, ...this.options.stream });
    return { sessionId, stream, staleIdleExpected: false, unprimed };
  }

  /** GET /api/sessions/{id} says which model the backend chose; the UI shows it. */
  private async learnModel(sessionId: string): Promise<void> {
    try {
      const { model } = await this.client.call('getSession', { sessionId });
      this.shown.update({ ...this.info, model });
    } catch (error) {
      this.log(`could not read session ${sessionId}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private forget(threadId: string): void {
    void this.sessions.release(threadId).then((session) => session?.stream.close());
  }
}

export function createEmacsAgent(entry: EmacsAgentEntry, context: AgentFactoryContext): AgentBackend {
  return new EmacsAgentBackend(entry, context);
}
