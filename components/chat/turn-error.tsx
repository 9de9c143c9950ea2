'use client';

import { selectTurnError } from '../../stores/baton-store';
import { useBatonStore } from '../baton-client/baton-store-context';
import { MarkdownText } from './markdown-text';

/** The last failure: a request the relay refused, or the text a failed turn ended with (Markdown). */
export function TurnError() {
  const error = useBatonStore(selectTurnError);
  if (!error) return null;
  return (
    <div className="turn-error" data-testid="turn-error" role="alert">
      <MarkdownText text={error} />
    </div>
  );
}
