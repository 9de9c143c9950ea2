'use client';

import { useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { selectOpenChat } from '../../stores/baton-store';
import { useBatonStore } from '../baton-client/baton-store-context';
import { useRewoundPrompt } from '../rewind/use-rewound-prompt';
import { BehaviorSwitch } from './behavior-switch';
import { COMPLETION_MENU_ID, CompletionMenu, completionOptionId } from './completion-menu';
import { ContextChips } from './context-chips';
import { ModelPicker } from './model-picker';
import { useCompletion } from './use-completion';

/**
 * The prompt box. Enter sends, Shift+Enter breaks the line; `@` offers contexts and a leading `/`
 * commands, and while their menu is open Enter chooses instead. The box itself is never disabled,
 * so the next prompt can be typed while a turn runs, after an error and across a reconnect; only
 * sending waits for the relay and for the turn to end.
 */
export function Composer() {
  const [draft, setDraft] = useState('');
  const [caret, setCaret] = useState(0);
  const [sending, setSending] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  /** Where to put the caret after the program (not the user) changed the text. */
  const caretToRestore = useRef<number | null>(null);
  const turnRunning = useBatonStore((state) => selectOpenChat(state).turnRunning);
  const connected = useBatonStore((state) => state.connectionStatus === 'connected');
  const sendPrompt = useBatonStore((state) => state.sendPrompt);
  const stopTurn = useBatonStore((state) => state.stopTurn);

  const completion = useCompletion(draft, caret, (text, nextCaret) => {
    setDraft(text);
    setCaret(nextCaret);
    caretToRestore.current = nextCaret;
  });

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

  const canSend = connected && !sending && !turnRunning && draft.trim() !== '';

  async function send() {
    if (!canSend) return;
    const message = draft;
    setDraft('');
    setCaret(0);
    setSending(true);
    const sent = await sendPrompt(message);
    setSending(false);
    // Give a failed prompt back, unless the user has started typing another.
    if (!sent) setDraft((current) => (current === '' ? message : current));
    input.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (completion.handleKey(event)) return;
    // While an input method composes, Enter confirms the composition rather than sending.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void send();
  }

  const { menu } = completion;
  return (
    <form className="composer" onSubmit={onSubmit}>
      <ContextChips />
      <div className="composer__box">
        {menu ? <CompletionMenu menu={menu} onChoose={completion.choose} onHover={completion.setActiveIndex} /> : null}
        <textarea
          ref={input}
          className="composer__input"
          data-testid="composer-input"
          aria-label="Prompt"
          aria-autocomplete="list"
          aria-controls={menu ? COMPLETION_MENU_ID : undefined}
          aria-activedescendant={menu && menu.options.items.length > 0 ? completionOptionId(menu.activeIndex) : undefined}
          placeholder="Ask the agent… (Enter to send, Shift+Enter for a new line, @ for context, / for commands)"
          rows={3}
          value={draft}
          onChange={(event) => {
            setDraft(event.target.value);
            setCaret(event.target.selectionStart);
          }}
          onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
          onKeyDown={onKeyDown}
        />
      </div>
      <div className="composer__footer">
        <ModelPicker />
        <BehaviorSwitch />
        <span className="composer__spacer" />
        {turnRunning ? (
          <button type="button" className="button button--danger" data-testid="stop-button" onClick={stopTurn}>
            Stop
          </button>
        ) : null}
        <button type="submit" className="button button--primary" data-testid="send-button" disabled={!canSend}>
          Send
        </button>
      </div>
    </form>
  );
}
