'use client';

import type { ToolCallEntry } from '../../lib/protocol/thread-model';
import { DiffView } from './diff-view';
import { ToolCallApproval } from './tool-call-approval';
import { ToolCallArguments } from './tool-call-arguments';
import { ToolCallBoundaryDetail } from './tool-call-boundary-note';
import { ToolCallLiveOutput } from './tool-call-live-output';
import { ToolCallOutcome } from './tool-call-outcome';
import styles from './tool-call.module.css';
import type { ApprovalAnswers } from './use-approval-answers';

/**
 * What an open tool call shows: the change's diff, the arguments (open while they are what the
 * user approves), the approval's answers, and the output. Loaded when a call is first opened, so
 * that the diff, ANSI and argument views are not in the page's first load.
 */
export default function ToolCallBody({ id, entry, answers }: { id: string; entry: ToolCallEntry; answers: ApprovalAnswers }) {
  return (
    <div id={id} className={styles.body}>
      {entry.details ? <DiffView details={entry.details} /> : null}
      {'\n'}
      <ToolCallArguments entry={entry} />
      {'\n'}
      {entry.status === 'waiting-approval' ? (
        <ToolCallApproval answers={answers} toolName={entry.name} options={entry.approvalOptions} />
      ) : null}
      {'\n'}
      <ToolCallBoundaryDetail entry={entry} />
      {'\n'}
      <ToolCallLiveOutput entry={entry} />
      {'\n'}
      <ToolCallOutcome entry={entry} />
    </div>
  );
}
