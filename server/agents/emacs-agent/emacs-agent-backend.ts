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
import { primedPrompt } from '../external/history-transcript';
import { PermissionGate } from '../external/permission-gate';
import { RestartBudget } from '../external/restart-budget';
import { type AgentBackend, type AgentInfo, type AgentTurn, AgentUnavailableError } from '../agent-backend';
import type { AgentFactoryContext } from '../agent-factories';
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
}

export class EmacsAgentBackend implements AgentBackend {
  readonly info: AgentInfo;
  private readonly client: EmacsAgentClient;
  private readonly gate: PermissionGate;
  private readonly budget: RestartBudget;
  private readonly files: FileChangeTracker;
  private readonly sessions = new Map<string, HeldSession>();
  /** Threads whose session was dropped after a failure: finding it again counts against the budget. */
  private readonly recovering = new Set<string>();
  private readonly listeners = new Set<() => void>();

  constructor(
    entry: EmacsAgentEntry,
    private readonly context: AgentFactoryContext,
    private readonly options: EmacsAgentBackendOptions = {},
  ) {
    this.client = new EmacsAgentClient({ url: entry.url, token: entry.token, name: context.name, requestTimeoutMs: options.requestTimeoutMs });
    this.gate = new PermissionGate(context.policy);
    this.budget = new RestartBudget(context.name);
    this.files = new FileChangeTracker(context.workspace, this.log);
    this.info = {
      name: entry.label ?? 'Emacs-Agent',
      kind: 'emacs-agent',
      // The backend picks its model; GET /api/sessions/{id} says which once a session exists.
      model: '',
      offlineDemo: false,
      behaviors: [],
      capabilities: { contexts: false, commands: false, toolServers: false, sessionApproval: true },
    };
  }

  async runTurn(turn: AgentTurn): Promise<void> {
    let { session, primed, reused } = await this.sessionFor(turn);
    try {
      try {
        await this.sendPrompt(turn, session, primed);
      } catch (error) {
        // A backend restarted since the last turn no longer knows the session held here: find it
        // again (resume, else a primed start), once.
        if (!reused || !isSessionNotFound(error)) throw error;
        this.forget(turn.threadId);
        ({ session, primed } = await this.sessionFor(turn, session.sessionId));
        await this.sendPrompt(turn, session, primed);
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
        stopGraceMs: this.options.stopGraceMs ?? 2_000,
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
    this.listeners.add(listener);
  }

  async close(): Promise<void> {
    for (const threadId of [...this.sessions.keys()]) this.forget(threadId);
  }

  private async sendPrompt(turn: AgentTurn, session: HeldSession, primed: boolean): Promise<void> {
    for (const stale of session.stream.takeQueued()) this.log(`dropped a ${stale.event.type} event that came between turns`);
    const text = primed ? primedPrompt(turn.history, turn.message) : turn.message;
    await this.client.call('sendPrompt', { sessionId: session.sessionId, body: { text } });
  }

  /** The thread's session: the one held, else the saved one resumed, else a new one (primed when the thread has history). */
  private async sessionFor(turn: AgentTurn, lost?: string): Promise<{ session: HeldSession; primed: boolean; reused: boolean }> {
    const held = this.sessions.get(turn.threadId);
    if (held && !held.stream.failed) return { session: held, primed: false, reused: true };
    if (held) this.forget(turn.threadId);
    const known = lost ?? held?.sessionId ?? turn.agentSessionId;
    // Only recoveries count: every thread's first turn after a relay restart resumes its session.
    if (held || lost !== undefined || this.recovering.delete(turn.threadId)) this.budget.take();
    if (known !== undefined) {
      try {
        await this.client.call('resumeSession', { sessionId: known });
        return { session: await this.hold(turn.threadId, known), primed: false, reused: false };
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
    const session = await this.hold(turn.threadId, created.session_id);
    await this.learnModel(created.session_id);
    const primed = turn.history.length > 0;
    if (primed) {
      await turn.note(
        known === undefined
          ? `A new ${this.context.name} session was started with this thread's history as context.`
          : `${this.context.name} no longer knows this thread's session; a new one was started with the thread's history as context.`,
      );
    }
    return { session, primed, reused: false };
  }

  private async hold(threadId: string, sessionId: string): Promise<HeldSession> {
    const stream = await SessionEventStream.open({ client: this.client, sessionId, log: this.log, ...this.options.stream });
    const session: HeldSession = { sessionId, stream, staleIdleExpected: false };
    this.sessions.set(threadId, session);
    return session;
  }

  /** GET /api/sessions/{id} says which model the backend chose; the UI shows it. */
  private async learnModel(sessionId: string): Promise<void> {
    try {
      const { model } = await this.client.call('getSession', { sessionId });
      if (model === this.info.model) return;
      this.info.model = model;
      for (const listener of this.listeners) listener();
    } catch (error) {
      this.log(`could not read session ${sessionId}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private forget(threadId: string): void {
    this.sessions.get(threadId)?.stream.close();
    this.sessions.delete(threadId);
  }

  private readonly log = (message: string) => this.context.log(`${this.context.name}: ${message}`);
}

export function createEmacsAgent(entry: EmacsAgentEntry, context: AgentFactoryContext): AgentBackend {
  return new EmacsAgentBackend(entry, context);
}
