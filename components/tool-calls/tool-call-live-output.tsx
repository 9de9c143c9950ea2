import type { ToolCallEntry } from '../../lib/protocol/acp-threads';

/**
 * What a running call (a shell command) has printed so far. Shown while it runs, and after it was
 * stopped or failed, since that output may be all there is to see of it.
 */
export function ToolCallLiveOutput({ entry }: { entry: ToolCallEntry }) {
  if (!entry.streamedOutput || entry.status === 'succeeded') return null;
  return (
    <pre className="code-block tool-call__live-output" data-testid="tool-call-live-output" aria-live="polite">
      {entry.streamedOutput}
    </pre>
  );
}
