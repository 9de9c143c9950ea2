'use client';

import dynamic from 'next/dynamic';
import { useContext, useEffect, useRef, useState } from 'react';
import { selectTurnActive } from '../../stores/baton-store';
import { BatonStoreContext } from '../baton-client/baton-store-context';

// Not on the first screen: loaded the first time Ctrl/Cmd+K is pressed.
const CommandPalette = dynamic(() => import('./command-palette').then((module) => module.CommandPalette), { ssr: false });

/** An open dialog or menu has Esc for itself. */
const OPEN_POPUP_SELECTOR = '[role="dialog"], [role="menu"], [role="listbox"], details[open]';

/** A closed menu stays in the page (inside a closed `<details>`): only one that shows counts. */
function popupOpen(): boolean {
  return Array.from(document.querySelectorAll(OPEN_POPUP_SELECTOR)).some((element) => element.getClientRects().length > 0);
}

/**
 * The page's own keys: Ctrl/Cmd+K opens the command palette; Esc stops the open thread's running
 * turn when nothing in particular has focus (the composer handles Esc itself; any other field,
 * dialog or menu keeps Esc for its own use).
 */
export function KeyboardShortcuts() {
  const store = useContext(BatonStoreContext);
  const [paletteOpen, setPaletteOpen] = useState(false);
  /** Where focus was when the palette opened, to go back to when it is dismissed. */
  const focusBefore = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey) {
        event.preventDefault();
        focusBefore.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        setPaletteOpen(true);
        return;
      }
      if (event.key !== 'Escape' || event.defaultPrevented || !store) return;
      const focused = document.activeElement;
      if (focused && focused !== document.body && focused !== document.documentElement) return;
      if (popupOpen()) return;
      const state = store.getState();
      if (selectTurnActive(state)) {
        event.preventDefault();
        state.stopTurn();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [store]);

  if (!paletteOpen) return null;
  return (
    <CommandPalette
      onClose={(restoreFocus) => {
        setPaletteOpen(false);
        if (restoreFocus) focusBefore.current?.focus();
      }}
    />
  );
}
