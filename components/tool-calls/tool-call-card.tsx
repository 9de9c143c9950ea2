'use client';

import type { ToolCallEntry } from '../../lib/protocol/acp-threads';
import { ToolCallApprovalNote } from '../review/tool-call-approval-note';
import { DiffView } from './diff-view';
import { MarkedText } from './marked-text';
import { ToolCallApproval } from './tool-call-approval';
import { ToolCallArguments } from './tool-call-arguments';
import { ToolCallLiveOutput } from './tool-call-live-output';
import { ToolCallOutcome } from './tool-call-outcome';
import { toolCallStatusLabel } from './tool-call-status';

/*
 * The `{' '}` and `{'\n'}` text between blocks are not shown (flex layout drops them); they keep
 * the card's plain text readable ("edit_file Edit notes.md Done", not "edit_fileEdit notes.mdDone").
 */
export function ToolCallCard({ entry }: { entry: ToolCallEntry }) {
  return (
    <article
      className={`tool-call tool-call--${entry.status}`}
      data-testid="tool-call-card"
      data-status={entry.status}
      data-tool-name={entry.name}
      aria-label={`Tool call ${entry.name}`}
    >
      <header className="tool-call__header">
        <span className="tool-call__name">{entry.name}</span>
        {entry.summary ? (
          <>
            {' '}
            <span className="tool-call__summary">
              <MarkedText text={entry.summary} />
            </span>
          </>
        ) : null}{' '}
        <span className={`tool-call__status tool-call__status--${entry.status}`}>{toolCallStatusLabel(entry.status)}</span>{' '}
        <ToolCallApprovalNote entry={entry} />
      </header>
      {'\n'}
      <ToolCallArguments entry={entry} />
      {'\n'}
      {entry.details ? <DiffView details={entry.details} /> : null}
      {'\n'}
      {entry.status === 'waiting-approval' ? <ToolCallApproval toolCallId={entry.id} toolName={entry.name} options={entry.approvalOptions} /> : null}
      {'\n'}
      <ToolCallLiveOutput entry={entry} />
      {'\n'}
      <ToolCallOutcome entry={entry} />
    </article>
  );
}
