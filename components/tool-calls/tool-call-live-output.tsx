import type { ToolCallEntry } from '../../lib/protocol/thread-model';
import { shellCommandOf } from './shell-command';
import { TerminalOutput } from './terminal-output';

/**
 * What a running call (a shell command) has printed so far. Shown while it runs, and after it was
 * stopped or refused, since that output may be all there is to see of it; a finished call shows
 * its whole output instead.
 */
export function ToolCallLiveOutput({ entry }: { entry: ToolCallEntry }) {
  if (!entry.streamedOutput) return null;
  const ended = entry.status === 'succeeded' || (entry.status === 'failed' && Boolean(entry.outputText));
  if (ended) return null;
  return (
    <TerminalOutput
      output={entry.streamedOutput}
      command={shellCommandOf(entry)}
      live={entry.status === 'running'}
      testId="tool-call-live-output"
    />
  );
}
