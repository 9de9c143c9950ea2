/**
 * "Show/hide the files panel" from outside the shell (the command palette): the shell owns which
 * panes show (components/app-shell/app-shell.tsx) and listens here; the palette asks. The panel is
 * the side slot: beside the chat on a wide page, a pane of its own on a phone, an overlay in an embed.
 */

const SIDE_SLOT_SELECTOR = '[data-slot="side"]';

const listeners = new Set<(show: boolean) => void>();

/** Whether the files panel is on screen now. */
export function filesPanelShown(): boolean {
  const slot = document.querySelector(SIDE_SLOT_SELECTOR);
  return slot !== null && slot.getClientRects().length > 0;
}

/** Hides the panel if it is on screen, shows it otherwise. */
export function toggleFilesPanel(): void {
  const show = !filesPanelShown();
  for (const listener of listeners) listener(show);
}

/** The shell's side: called with whether the panel should now show. */
export function onFilesPanelToggle(listener: (show: boolean) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
