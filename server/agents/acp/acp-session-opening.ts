/**
 * The ACP session a thread's first turn in this process uses
 * (https://agentclientprotocol.com/protocol/session-setup): the agent's own session saved with
 * the thread, resumed (`session/resume`) or loaded (`session/load`) when the agent offers that
 * (and, where it offers `session/list`, only when it still lists it); otherwise a new session,
 * primed with the thread's history when there is one.
 */
import type { ListSessionsResponse } from '@agentclientprotocol/sdk';
import type { AgentTurn } from '../agent-backend';
import { additionalDirectoriesField } from './acp-additional-directories';
import { describe, type LiveAgent, untilGone } from './acp-live-agent';

const MAX_LISTED_PAGES = 10;

export interface OpenedSession {
  sessionId: string;
  /** The session/new, load or resume answer (models, modes, config options). */
  response: unknown;
  /** True when the agent has not seen the thread's history: the first prompt carries it. */
  needsPriming: boolean;
}

/** Where a session works: its `cwd` and the extra roots config.json gives it (already checked). */
export interface SessionPlace {
  cwd: string;
  additionalDirectories: readonly string[];
}

export async function openSession(
  live: LiveAgent,
  turn: AgentTurn,
  place: SessionPlace,
  log: (message: string) => void,
): Promise<OpenedSession> {
  const saved = turn.agentSessionId;
  if (saved) {
    const resumed = await resumeSession(live, saved, place, log);
    if (resumed) return resumed;
  }
  const extra = additionalDirectoriesField(live.capabilities, place.additionalDirectories);
  const response = await untilGone(live, live.connection.newSession({ cwd: place.cwd, mcpServers: [], ...extra }));
  await turn.saveAgentSession(response.sessionId);
  return { sessionId: response.sessionId, response, needsPriming: turn.history.length > 0 };
}

async function resumeSession(
  live: LiveAgent,
  sessionId: string,
  place: SessionPlace,
  log: (message: string) => void,
): Promise<OpenedSession | undefined> {
  const { cwd } = place;
  const extra = additionalDirectoriesField(live.capabilities, place.additionalDirectories);
  const capabilities = live.capabilities;
  const canResume = capabilities.sessionCapabilities?.resume !== undefined && capabilities.sessionCapabilities?.resume !== null;
  const canLoad = capabilities.loadSession === true;
  if (!canResume && !canLoad) return undefined;
  try {
    if (capabilities.sessionCapabilities?.list && !(await isListed(live, sessionId, cwd))) {
      log(`session ${sessionId} is no longer listed by the agent; starting a new one`);
      return undefined;
    }
    // Resume restores the session without replaying it; load replays it as session/update
    // notifications, which no turn is listening to yet, so they are not shown twice.
    const response = canResume
      ? await untilGone(live, live.connection.resumeSession({ sessionId, cwd, mcpServers: [], ...extra }))
      : await untilGone(live, live.connection.loadSession({ sessionId, cwd, mcpServers: [], ...extra }));
    return { sessionId, response, needsPriming: false };
  } catch (error) {
    if (live.isGone()) throw error;
    log(`could not resume session ${sessionId}: ${describe(error)}; starting a new one`);
    return undefined;
  }
}

async function isListed(live: LiveAgent, sessionId: string, cwd: string): Promise<boolean> {
  let cursor: string | undefined;
  for (let page = 0; page < MAX_LISTED_PAGES; page += 1) {
    const listed: ListSessionsResponse = await untilGone(live, live.connection.listSessions({ cwd, ...(cursor ? { cursor } : {}) }));
    if (listed.sessions.some((session) => session.sessionId === sessionId)) return true;
    if (!listed.nextCursor) return false;
    cursor = listed.nextCursor;
  }
  // Too many to look through: let the resume itself say whether it is there.
  return true;
}
