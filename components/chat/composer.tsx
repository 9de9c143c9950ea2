'use client';

import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { selectOpenChat } from '../../stores/baton-store';
import { useBatonStore } from '../baton-client/baton-store-context';

/**
 * The prompt box. Enter sends, Shift+Enter breaks the line. The box itself is never disabled, so
 * the next prompt can be typed while a turn runs, after an error and across a reconnect; only
 * sending waits for the relay and for the turn to end.
 */
export function Composer() {
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const turnRunning = useBatonStore((state) => selectOpenChat(state).turnRunning);
  const connected = useBatonStore((state) => state.connectionStatus === 'connected');
  const sendPrompt = useBatonStore((state) => state.sendPrompt);
  const stopTurn = useBatonStore((state) => state.stopTurn);

  const canSend = connected && !sending && !turnRunning && draft.trim() !== '';

  async function send() {
    if (!canSend) return;
    const message = draft;
    setDraft('');
    setSending(true);
    const sent = await sendPrompt(message);
    setSending(false);
    // Give a failed prompt back, unless the user has started typing another.
    if (!sent) setDraft((current) => (current === '' ? message : current));
    input.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // While an input method composes, Enter confirms the composition rather than sending.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void send();
  }

  return (
    <form className="composer" onSubmit={onSubmit}>
      <textarea
        ref={input}
        className="composer__input"
        data-testid="composer-input"
        aria-label="Prompt"
        placeholder="Ask the agent… (Enter to send, Shift+Enter for a new line)"
        rows={3}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="composer__actions">
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
