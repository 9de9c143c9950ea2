'use client';

/**
 * Puts a rewound user message back into the composer: a user rewinds to a message to edit it and
 * send it again. A draft the user typed is kept, with the message after it; a draft that is only
 * the text an earlier rewind put there is replaced.
 */
import { useEffect, useRef } from 'react';
import { useBatonStore } from '../baton-client/baton-store-context';

export function useRewoundPrompt(draft: string, setDraft: (text: string) => void): void {
  const rewound = useBatonStore((state) => (state.rewoundPrompt?.threadId === state.selectedThreadId ? state.rewoundPrompt : null));
  const takeRewoundPrompt = useBatonStore((state) => state.takeRewoundPrompt);
  const lastGivenBack = useRef<string | null>(null);
  const currentDraft = useRef(draft);
  currentDraft.current = draft;
  const put = useRef(setDraft);
  put.current = setDraft;

  useEffect(() => {
    if (!rewound) return;
    const typed = currentDraft.current;
    const keep = typed.trim() !== '' && typed !== lastGivenBack.current;
    const text = keep ? `${typed}\n\n${rewound.text}` : rewound.text;
    lastGivenBack.current = text;
    put.current(text);
    takeRewoundPrompt(rewound.id);
  }, [rewound, takeRewoundPrompt]);
}
