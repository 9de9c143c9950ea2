'use client';

import { useSyncExternalStore } from 'react';
import styles from './theme.module.css';
import {
  applyThemeChoice,
  parseThemeChoice,
  readThemeChoice,
  saveThemeChoice,
  THEME_STORAGE_KEY,
  type ThemeChoice,
} from './theme-preference';

const LABELS: Record<ThemeChoice, string> = { system: 'System theme', light: 'Light', dark: 'Dark' };

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab's choice applies here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_STORAGE_KEY) return;
    applyThemeChoice(parseThemeChoice(event.newValue), document.documentElement);
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Applies and keeps a choice, and tells the switch (the command palette's "Switch theme" uses it too). */
export function chooseTheme(choice: ThemeChoice): void {
  saveThemeChoice(choice);
  for (const listener of listeners) listener();
}

/** System, Light or Dark, in the header. The prebuilt page shows "System" until hydration reads the stored choice. */
export function ThemeSwitch() {
  const choice = useSyncExternalStore(subscribe, readThemeChoice, () => 'system' as const);
  return (
    <select
      className={styles.switch}
      data-testid="theme-switch"
      aria-label="Theme"
      value={choice}
      onChange={(event) => chooseTheme(parseThemeChoice(event.target.value))}
    >
      {Object.entries(LABELS).map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </select>
  );
}
