/**
 * The ACP session each thread uses in the running agent process: the one held, else the one
 * being opened (shared by the thread's turns, and kept when the turn that asked for it was
 * stopped), else a new opening (acp-session-opening.ts).
 */
import type { AgentTurn } from '../agent-backend';
import type { LiveAgent } from './acp-live-agent';
import { SessionChoices } from './acp-session-choices';
import { openSession, type SessionPlace } from './acp-session-opening';

export interface ThreadSession {
  sessionId: string;
  live: LiveAgent;
  choices: SessionChoices;
  /** The agent has not seen the thread's history yet: the next prompt carries it. */
  needsPriming: boolean;
  /** Settles once the session's last prompt has ended (a stopped one may end after its turn). */
  settled: Promise<void>;
}

export class AcpThreadSessions {
  private readonly held = new Map<string, ThreadSession>();
  private readonly opening = new Map<string, Promise<ThreadSession>>();

  constructor(
    /** Where each new session works (checked again at each opening: folders come and go). */
    private readonly place: () => Promise<SessionPlace>,
    private readonly log: (message: string) => void,
    /** A session was opened: its models and modes are now the ones to show. */
    private readonly onOpened: (session: ThreadSession) => void,
  ) {}

  get(threadId: string): ThreadSession | undefined {
    return this.held.get(threadId);
  }

  bySessionId(sessionId: string): ThreadSession | undefined {
    return [...this.held.values()].find((session) => session.sessionId === sessionId);
  }

  /** The threads whose sessions are held. */
  threadIds(): string[] {
    return [...this.held.keys()];
  }

  delete(threadId: string): void {
    this.held.delete(threadId);
  }

  clear(): void {
    this.held.clear();
  }

  async ensure(live: LiveAgent, turn: AgentTurn): Promise<ThreadSession> {
    const known = this.held.get(turn.threadId);
    if (known && known.live === live) return known;
    const pending = this.opening.get(turn.threadId);
    if (pending) {
      // A failed opening is its own turn's failure, reported to that turn; this one then opens its own.
      const shared = await pending.catch(() => undefined);
      if (shared && shared.live === live) return shared;
    }
    const opening = this.open(live, turn);
    this.opening.set(turn.threadId, opening);
    try {
      return await opening;
    } finally {
      if (this.opening.get(turn.threadId) === opening) this.opening.delete(turn.threadId);
    }
  }

  private async open(live: LiveAgent, turn: AgentTurn): Promise<ThreadSession> {
    const opened = await openSession(live, turn, await this.place(), this.log);
    const session: ThreadSession = {
      sessionId: opened.sessionId,
      live,
      choices: SessionChoices.from(opened.response),
      needsPriming: opened.needsPriming,
      settled: Promise.resolve(),
    };
    this.held.set(turn.threadId, session);
    this.onOpened(session);
    return session;
  }
}
