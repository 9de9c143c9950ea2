/**
 * The user's theme: System (follow prefers-color-scheme), Light or Dark. The choice is kept in
 * localStorage and shown as `data-theme` on the root element, which tokens.css turns into the
 * page's color-scheme; "system" is the absence of the attribute. Storage can be refused (a
 * sandboxed frame, a browser setting): the page then follows the system and the switch still works
 * for the visit.
 */

export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

export const THEME_STORAGE_KEY = 'baton.theme';

/** A stored value as a choice; anything else (nothing stored, an old or edited value) is "system". */
export function parseThemeChoice(value: string | null | undefined): ThemeChoice {
  return value === 'light' || value === 'dark' ? value : 'system';
}

export function readThemeChoice(): ThemeChoice {
  try {
    return parseThemeChoice(window.localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return 'system';
  }
}

/** Shows the choice on the page at once and keeps it for the next visit, if storage allows. */
export function saveThemeChoice(choice: ThemeChoice): void {
  applyThemeChoice(choice, document.documentElement);
  try {
    if (choice === 'system') window.localStorage.removeItem(THEME_STORAGE_KEY);
    else window.localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch (error) {
    console.warn('The theme applies to this visit only: the browser refused to store it.', error);
  }
}

/** The theme the page shows now: the stored choice, or the system's when there is none. */
export function shownTheme(root: HTMLElement, systemPrefersDark: boolean): 'light' | 'dark' {
  const choice = parseThemeChoice(root.dataset.theme);
  if (choice !== 'system') return choice;
  return systemPrefersDark ? 'dark' : 'light';
}

export function applyThemeChoice(choice: ThemeChoice, root: HTMLElement): void {
  if (choice === 'system') delete root.dataset.theme;
  else root.dataset.theme = choice;
}

/**
 * Run in the page's <head> before the first paint (app/layout.tsx), so that a stored theme shows
 * without a flash of the other one. It is an inline script: the relay gives it the response's CSP
 * nonce as it does Next.js's own (server/relay/html-nonce.ts). Plain ES5, no imports. Storage that
 * is refused (a sandboxed frame) throws: the page then follows the system's theme, so nothing is lost.
 */
export const THEME_BOOT_SCRIPT =
  `try{var t=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});` +
  `if(t==="light"||t==="dark")document.documentElement.dataset.theme=t}catch(e){}`;
