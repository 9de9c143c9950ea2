'use client';

import { useContext, useEffect, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { selectActiveAgent } from '../../stores/active-agent';
import { selectOpenChat, selectTurnActive } from '../../stores/baton-store';
import { lastPromptOfOpenThread } from '../../stores/prompt-queue-slice';
import { BatonStoreContext, useBatonStore } from '../baton-client/baton-store-context';
import { useRewoundPrompt } from '../rewind/use-rewound-prompt';
import { AgentSettingToggles } from './agent-setting-toggles';
import { BehaviorSwitch } from './behavior-switch';
import { COMPLETION_MENU_ID, CompletionMenu, completionOptionId } from './completion-menu';
import styles from './composer.module.css';
import { ConnectionNotice } from './connection-notice';
import { ContextChips } from './context-chips';
import { ModelPicker } from './model-picker';
import { QueuedPrompts } from './queued-prompts';
import { useCompletion } from './use-completion';
import { useLeaveWarning } from './use-leave-warning';

/**
 * The prompt box. Enter sends, Shift+Enter breaks the line, Esc stops a running turn, ↑ in an
 * empty box brings back the thread's last prompt; `@` offers contexts and a leading `/` commands,
 * and while their menu is open Enter chooses instead. The box is never disabled: while a turn runs,
 * Send queues the message for the turn's end, and Steer (agents that can) gives it to the turn.
 */
/** `onTyping`: a prompt is being typed, about to show in a thread (the chat panel loads the thread view's code then). */
export function Composer({ onTyping }: { onTyping?: () => void } = {}) {
  const [draft, setDraft] = useState('');
  const [caret, setCaret] = useState(0);
  const [sending, setSending] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  /** Where to put the caret after the program (not the user) changed the text. */
  const caretToRestore = useRef<number | null>(null);
  const turnRunning = useBatonStore((state) => selectOpenChat(state).turnRunning);
  // Also right after a first Send, before its thread is open: Stop (or Esc) then is kept and stops
  // that turn. Send still waits for the thread, so a message typed meanwhile is not queued for none.
  const turnStoppable = useBatonStore(selectTurnActive);
  const connected = useBatonStore((state) => state.connectionStatus === 'connected');
  const canSteer = useBatonStore((state) => selectActiveAgent(state)?.capabilities.steering === true);
  const sendPrompt = useBatonStore((state) => state.sendPrompt);
  const queuePrompt = useBatonStore((state) => state.queuePrompt);
  const steerPrompt = useBatonStore((state) => state.steerPrompt);
  const stopTurn = useBatonStore((state) => state.stopTurn);
  // Read on ↑ only: walking back to the last prompt on every streamed piece would cost per piece.
  const store = useContext(BatonStoreContext);
  const focusRequest = useBatonStore((state) => state.composerFocusRequest);
  useLeaveWarning();

  const replaceDraft = (text: string, nextCaret: number) => {
    setDraft(text);
    setCaret(nextCaret);
    caretToRestore.current = nextCaret;
  };
  const completion = useCompletion(draft, caret, replaceDraft);

  useRewoundPrompt(draft, (text) => {
    setDraft(text);
    setCaret(text.length);
    caretToRestore.current = text.length;
    input.current?.focus();
  });

  useLayoutEffect(() => {
    const element = input.current;
    if (element && caretToRestore.current !== null) {
      element.setSelectionRange(caretToRestore.current, caretToRestore.current);
      caretToRestore.current = null;
    }
  }, [draft]);

  useEffect(() => {
    if (focusRequest > 0) input.current?.focus();
  }, [focusRequest]);

  const canSend = connected && !sending && draft.trim() !== '';

  async function send() {
    if (!canSend) return;
    const message = draft;
    setDraft('');
    setCaret(0);
    if (turnRunning) {
      queuePrompt(message);
      return;
    }
    setSending(true);
    const sent = await sendPrompt(message);
    setSending(false);
    // Give a failed prompt back, unless the user has started typing another.
    if (!sent) setDraft((current) => (current === '' ? message : current));
    input.current?.focus();
  }

  function steer() {
    if (!canSend || !turnRunning) return;
    void steerPrompt(draft);
    setDraft('');
    setCaret(0);
    input.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (completion.handleKey(event)) return;
    // While an input method composes, its keys are its own.
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'Escape' && turnStoppable) {
      event.preventDefault();
      stopTurn();
    } else if (event.key === 'ArrowUp' && draft === '') {
      const lastPrompt = store ? lastPromptOfOpenThread(store.getState()) : undefined;
      if (lastPrompt === undefined) return;
      event.preventDefault();
      replaceDraft(lastPrompt, lastPrompt.length);
    } else if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      void send();
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void send();
  }

  const { menu } = completion;
  return (
    <form className={styles.composer} onSubmit={onSubmit} aria-label="Prompt">
      <ConnectionNotice />
      <QueuedPrompts />
      <ContextChips />
      <div className={styles.box}>
        {menu ? <CompletionMenu menu={menu} onChoose={completion.choose} onHover={completion.setActiveIndex} /> : null}
        <textarea
          ref={input}
          // The target of the page's "Skip to the prompt" link (skip-to-prompt.tsx).
          id="prompt"
          className={styles.input}
          data-testid="composer-input"
          aria-label="Prompt"
          aria-autocomplete="list"
          aria-controls={menu ? COMPLETION_MENU_ID : undefined}
          aria-activedescendant={menu && menu.options.items.length > 0 ? completionOptionId(menu.activeIndex) : undefined}
          placeholder="Ask the agent… (Enter to send, Shift+Enter for a new line, @ for context, / for commands)"
          rows={3}
          value={draft}
          onChange={(event) => {
            onTyping?.();
            setDraft(event.target.value);
            setCaret(event.target.selectionStart);
          }}
          onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
          onKeyDown={onKeyDown}
        />
      </div>
      <div className={styles.footer}>
        <ModelPicker />
        <BehaviorSwitch />
        <AgentSettingToggles />
        <span className={styles.spacer} />
        {turnRunning ? (
          <span className={styles.hint} data-testid="composer-hint">
            {canSteer ? 'Send queues it for after this turn; Steer gives it to the agent now.' : 'Send queues it for after this turn.'}
          </span>
        ) : null}
        {turnStoppable ? (
          <button type="button" className="button button--danger" data-testid="stop-button" title="Stop the turn (Esc)" onClick={stopTurn}>
            Stop
          </button>
        ) : null}
        {turnRunning && canSteer ? (
          <button
            type="button"
            className="button"
            data-testid="steer-button"
            disabled={!canSend}
            onClick={steer}
            title="Give it to the agent now"
          >
            Steer
          </button>
        ) : null}
        <button
          type="submit"
          className="button button--primary"
          data-testid="send-button"
          disabled={!canSend}
          title={turnRunning ? 'Send queues it for after this turn' : undefined}
        >
          Send
        </button>
      </div>
    </form>
  );
}
