import { describe, expect, it } from 'vitest';
import { parseThemeChoice, THEME_BOOT_SCRIPT, THEME_STORAGE_KEY } from './theme-preference';

/** Runs the boot script against a stand-in for the page's storage and root element. */
function boot(stored: string | null, storageThrows = false): Record<string, string> {
  const dataset: Record<string, string> = {};
  const localStorage = {
    getItem(key: string) {
      if (storageThrows) throw new Error('SecurityError');
      return key === THEME_STORAGE_KEY ? stored : null;
    },
  };
  new Function('localStorage', 'document', THEME_BOOT_SCRIPT)(localStorage, { documentElement: { dataset } });
  return dataset;
}

describe('theme preference', () => {
  it('reads only the choices it knows; anything else follows the system', () => {
    expect(parseThemeChoice('dark')).toBe('dark');
    expect(parseThemeChoice('light')).toBe('light');
    expect(parseThemeChoice(null)).toBe('system');
    expect(parseThemeChoice('purple')).toBe('system');
  });

  it('sets a stored theme on the root before the first paint', () => {
    expect(boot('dark')).toEqual({ theme: 'dark' });
    expect(boot('light')).toEqual({ theme: 'light' });
  });

  it('leaves the page to the system for no choice, a bad one, or storage that refuses', () => {
    expect(boot(null)).toEqual({});
    expect(boot('"><script>')).toEqual({});
    expect(boot('dark', true)).toEqual({});
  });
});
