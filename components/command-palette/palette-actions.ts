/**
 * What the command palette can do besides opening a thread: each action calls code the page
 * already has (the store's actions, the file panel's own search box), and is offered only when it
 * can do something.
 */
import type { ExportFormat } from '../../lib/protocol/thread-export';
import { selectTurnActive, type BatonState } from '../../stores/baton-store';
import { selectOperator } from '../../stores/connection-slice';
import { filesPanelShown, toggleFilesPanel } from './files-panel-toggle';
import { downloadExport } from '../review/use-thread-download';
import { shownTheme } from '../theme/theme-preference';
import { chooseTheme } from '../theme/theme-switch';

export interface PaletteAction {
  id: string;
  label: string;
  /** Extra words it is found by. */
  keywords?: string;
  /** The key that does the same outside the palette, shown beside it. */
  shortcut?: string;
  run(state: BatonState): void | Promise<void>;
}

const EXPORT_FORMATS: ReadonlyArray<{ format: ExportFormat; label: string }> = [
  { format: 'markdown', label: 'Markdown' },
  { format: 'json', label: 'JSON' },
  { format: 'org', label: 'Org' },
];

/** The actions that apply now, in the order they are listed. */
export function availableActions(state: BatonState): PaletteAction[] {
  const actions: PaletteAction[] = [
    {
      id: 'new-thread',
      label: 'New thread',
      keywords: 'start chat create',
      run: (current) => {
        current.startNewChat();
        current.requestComposerFocus();
      },
    },
    { id: 'focus-prompt', label: 'Go to the prompt', keywords: 'composer type message', run: (current) => current.requestComposerFocus() },
    filesPanelShown()
      ? { id: 'toggle-files', label: 'Hide the files panel', keywords: 'toggle side workspace close', run: toggleFilesPanel }
      : { id: 'toggle-files', label: 'Show the files panel', keywords: 'toggle side workspace open', run: toggleFilesPanel },
    themeSwitchAction(),
  ];
  // The relay refuses the list of every thread to any other role (lib/protocol/roles.ts).
  if (selectOperator(state)) {
    actions.push({
      id: 'audit',
      label: 'Audit: who did what',
      keywords: 'audit log history users approvals prompts',
      run: (current) => current.showAudit(true),
    });
  }
  if (document.querySelector(FILE_SEARCH_SELECTOR)) {
    actions.push({ id: 'find-file', label: 'Go to file…', keywords: 'open search files panel', run: focusFileSearch });
  }
  if (selectTurnActive(state)) {
    actions.push({
      id: 'stop-turn',
      label: 'Stop the turn',
      keywords: 'cancel abort',
      shortcut: 'Esc',
      run: (current) => current.stopTurn(),
    });
  }
  if (state.selectedThreadId !== null) {
    for (const { format, label } of EXPORT_FORMATS) {
      actions.push({
        id: `export-${format}`,
        label: `Export this thread as ${label}`,
        keywords: 'download save',
        run: (current) => exportAs(current, format),
      });
    }
  }
  return actions;
}

/** To the other theme than the one shown; the header's switch then shows the choice. */
function themeSwitchAction(): PaletteAction {
  const other =
    shownTheme(document.documentElement, window.matchMedia('(prefers-color-scheme: dark)').matches) === 'dark' ? 'light' : 'dark';
  return {
    id: 'switch-theme',
    label: `Switch theme to ${other}`,
    keywords: 'dark light mode colour color appearance',
    run: () => chooseTheme(other),
  };
}

/** The file panel's "Go to file" box (components/files/quick-open.tsx), when the files tab shows it. */
const FILE_SEARCH_SELECTOR = '[data-testid="quick-open"]';

function focusFileSearch(): void {
  document.querySelector<HTMLInputElement>(FILE_SEARCH_SELECTOR)?.focus();
}

/** The store's export, handed to the browser as a download (a failure is shown by the store). */
async function exportAs(state: BatonState, format: ExportFormat): Promise<void> {
  const file = await state.exportThread(format);
  if (file) downloadExport(file);
}

/** Case-insensitive: every word typed appears in the label or the keywords. */
export function matchesQuery(action: PaletteAction, query: string): boolean {
  const haystack = `${action.label} ${action.keywords ?? ''}`.toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '')
    .every((word) => haystack.includes(word));
}
