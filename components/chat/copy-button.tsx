'use client';

import { useState } from 'react';

/** Copies the text to the clipboard and says so (or that it could not) on the button itself. */
export function CopyButton({ text, label, className }: { text: string; label: string; className?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = () => {
    navigator.clipboard.writeText(text).then(
      () => setState('copied'),
      (error: unknown) => {
        console.error('Could not copy to the clipboard:', error);
        setState('failed');
      },
    );
  };
  return (
    <button
      type="button"
      className={className}
      aria-label={label}
      data-testid="copy-button"
      data-state={state}
      onClick={copy}
      onBlur={() => setState('idle')}
    >
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : 'Copy'}
    </button>
  );
}
