/** The fake backend's transcripts ("Get Transcript"): JSON, Markdown or Org. */
import type { FakeSession } from './fake-emacs-agent-session';

export function sessionTranscript(session: FakeSession, format: 'json' | 'markdown' | 'org'): unknown {
  const { messages } = session;
  switch (format) {
    case 'json':
      return { session_id: session.id, project_path: session.init.projectPath, messages };
    case 'markdown':
      return [`# Session ${session.id}`, ...messages.map(({ role, text }) => `**${role}:** ${text}`)].join('\n\n');
    case 'org':
      return [`* Session ${session.id}`, ...messages.map(({ role, text }) => `** ${role}\n${text}`)].join('\n');
    default: {
      const unreachable: never = format;
      return unreachable;
    }
  }
}
