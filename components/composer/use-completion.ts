'use client';

/**
 * The composer's `@` and `/` completion: asks the relay for what matches the word at the caret,
 * keeps the answer to the latest question only, and handles the keys while the menu is open
 * (arrows move, Enter or Tab choose, Escape closes until the word changes).
 */
import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import type { ChatContext } from '../../lib/protocol/eca-chat';
import type { ChatCommand } from '../../lib/protocol/eca/chat-methods';
import { selectActiveAgent } from '../../stores/active-agent';
import { chatContextKey } from '../../stores/baton-store';
import { errorMessage } from '../../stores/baton-rpc';
import { useBatonStore } from '../baton-client/baton-store-context';
import { fillCommand, findCompletionTrigger, removeToken, type CompletionTrigger } from './completion-trigger';
import { withLinesRange } from './context-label';

/** Long enough to skip the words typed in a burst, short enough to feel immediate. */
const QUERY_DELAY_MS = 80;

export type CompletionOptions = { kind: 'context'; items: readonly ChatContext[] } | { kind: 'command'; items: readonly ChatCommand[] };

export interface CompletionMenuState {
  options: CompletionOptions;
  error: string | null;
  activeIndex: number;
}

interface Answer {
  /** Which word it answers: the trigger's kind, start and query. */
  key: string;
  options: CompletionOptions;
  error: string | null;
}

export function useCompletion(draft: string, caret: number, replaceDraft: (text: string, caret: number) => void) {
  const queryContexts = useBatonStore((state) => state.queryContexts);
  const queryCommands = useBatonStore((state) => state.queryCommands);
  const addPromptContext = useBatonStore((state) => state.addPromptContext);
  // An agent that takes no contexts or has no commands gets no menu for them (not a fake one).
  const offersContexts = useBatonStore((state) => selectActiveAgent(state)?.capabilities.contexts ?? true);
  const offersCommands = useBatonStore((state) => selectActiveAgent(state)?.capabilities.commands ?? true);
  const trigger = useMemo(() => {
    const found = findCompletionTrigger(draft, caret);
    if (!found) return null;
    return (found.kind === 'context' ? offersContexts : offersCommands) ? found : null;
  }, [draft, caret, offersContexts, offersCommands]);
  const key = trigger ? `${trigger.kind}:${trigger.start}:${trigger.query}` : null;
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [activeIndex, setActiveIndex] = useState(0);
  const [dismissedKey, setDismissedKey] = useState<string | null>(null);

  useEffect(() => {
    if (!trigger || !key) return;
    let current = true;
    const timer = setTimeout(() => {
      const lookUp: Promise<CompletionOptions> =
        trigger.kind === 'context'
          ? queryContexts(trigger.query).then((items) => ({ kind: 'context', items }))
          : queryCommands(trigger.query).then((items) => ({ kind: 'command', items }));
      lookUp.then(
        (options) => {
          if (!current) return;
          setAnswer({ key, options, error: null });
          setActiveIndex(0);
        },
        (error: unknown) => {
          if (current) setAnswer({ key, options: { kind: trigger.kind, items: [] }, error: errorMessage(error) });
        },
      );
    }, QUERY_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // `key` names everything of `trigger` the look-up uses; the caret moving within the word does not ask again.
  }, [key, queryContexts, queryCommands]);

  // Until the new answer comes, the previous one for the same word stays up, so typing doesn't flicker.
  const shown = trigger && answer && sameWord(answer.key, trigger) && dismissedKey !== key ? answer : null;
  const open = shown !== null && (shown.options.items.length > 0 || shown.error !== null);
  const menu: CompletionMenuState | null = open
    ? { options: shown.options, error: shown.error, activeIndex: Math.min(activeIndex, shown.options.items.length - 1) }
    : null;

  function choose(index: number) {
    if (!menu || !trigger) return;
    if (menu.options.kind === 'context' && trigger.kind === 'context') {
      const context = menu.options.items[index];
      if (!context) return;
      addPromptContext(withLinesRange(context, trigger.linesRange));
      const next = removeToken(draft, trigger);
      replaceDraft(next.text, next.caret);
    } else if (menu.options.kind === 'command') {
      const command = menu.options.items[index];
      if (!command) return;
      const next = fillCommand(draft, trigger, command.name);
      replaceDraft(next.text, next.caret);
    }
    setAnswer(null);
  }

  /** True when the key was the menu's; the composer then leaves it alone. */
  function handleKey(event: KeyboardEvent<HTMLTextAreaElement>): boolean {
    if (!menu || event.nativeEvent.isComposing) return false;
    const count = menu.options.items.length;
    switch (event.key) {
      case 'Escape':
        setDismissedKey(key);
        break;
      case 'ArrowDown':
      case 'ArrowUp':
        if (count === 0) return false;
        setActiveIndex((menu.activeIndex + (event.key === 'ArrowDown' ? 1 : count - 1)) % count);
        break;
      case 'Enter':
      case 'Tab':
        if (count === 0 || event.shiftKey) return false;
        choose(menu.activeIndex);
        break;
      default:
        return false;
    }
    event.preventDefault();
    return true;
  }

  return { menu, choose, handleKey, setActiveIndex };
}

function sameWord(answerKey: string, trigger: CompletionTrigger): boolean {
  return answerKey.startsWith(`${trigger.kind}:${trigger.start}:`);
}

/** A stable React key for an option. */
export function optionKey(options: CompletionOptions, index: number): string {
  return options.kind === 'context'
    ? chatContextKey(options.items[index] as ChatContext)
    : `command-${(options.items[index] as ChatCommand).name}`;
}
