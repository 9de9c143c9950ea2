/**
 * Both themes keep their text readable: every text colour of app/tokens.css against each background
 * it is drawn on, in the light and in the dark theme, reaches WCAG AA's 4.5:1 for normal text.
 * https://www.w3.org/TR/WCAG21/#contrast-minimum
 * https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const TOKENS = path.resolve(__dirname, '../../app/tokens.css');
const AA_TEXT = 4.5;

/** Text tokens and the background tokens they are drawn on somewhere in the page. */
const TEXT_ON_BACKGROUNDS: Record<string, readonly string[]> = {
  // On --color-border: the thread list's agent chips.
  '--color-text': [
    '--color-page',
    '--color-surface',
    '--color-code-surface',
    '--color-accent-surface',
    '--color-warning-surface',
    '--color-border',
  ],
  '--color-muted': ['--color-page', '--color-surface', '--color-code-surface', '--color-accent-surface', '--color-warning-surface'],
  '--color-accent': ['--color-page', '--color-surface', '--color-code-surface', '--color-accent-surface'],
  '--color-accent-text': ['--color-accent'],
  '--color-danger': ['--color-page', '--color-surface', '--color-code-surface', '--color-removed-surface'],
  '--color-warning-text': ['--color-warning-surface'],
  // A tool card's "Waiting for approval" badge.
  '--color-pending-text': ['--color-pending'],
  '--color-added-text': ['--color-added-surface', '--color-code-surface'],
  '--color-removed-text': ['--color-removed-surface', '--color-code-surface'],
  '--color-terminal-text': ['--color-terminal-surface'],
  '--color-terminal-command': ['--color-terminal-surface'],
  '--color-terminal-prompt': ['--color-terminal-surface'],
  // Every ANSI colour a program may write text in, but black: black text on the terminal's black is
  // what the program asked for, and terminals show it as dim too.
  ...Object.fromEntries(
    ['red', 'green', 'yellow', 'blue', 'magenta', 'cyan', 'white'].flatMap((colour) => [
      [`--color-ansi-${colour}`, ['--color-terminal-surface']],
      [`--color-ansi-bright-${colour}`, ['--color-terminal-surface']],
    ]),
  ),
  '--color-ansi-bright-black': ['--color-terminal-surface'],
};

type Theme = 'light' | 'dark';

/** The `--color-*` declarations of tokens.css, each split into its light and its dark value. */
function colorTokens(css: string): Map<string, Record<Theme, string>> {
  const tokens = new Map<string, Record<Theme, string>>();
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  for (const [, name, value] of text.matchAll(/(--color-[\w-]+)\s*:\s*([^;]+);/g)) {
    const pair = /^light-dark\(\s*((?:[^,()]|\([^()]*\))+?)\s*,\s*((?:[^,()]|\([^()]*\))+?)\s*\)$/.exec(value!.trim());
    if (!pair) throw new Error(`${name} must be light-dark(<light>, <dark>), not ${value}`);
    tokens.set(name!, { light: pair[1]!, dark: pair[2]! });
  }
  return tokens;
}

function relativeLuminance(hex: string): number {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new Error(`A text or background colour must be #rrggbb to be checked, not ${hex}`);
  const [red, green, blue] = match.slice(1).map((channel) => {
    const value = parseInt(channel, 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * red! + 0.7152 * green! + 0.0722 * blue!;
}

function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [relativeLuminance(first), relativeLuminance(second)].sort((a, b) => b - a);
  return (lighter! + 0.05) / (darker! + 0.05);
}

describe('app/tokens.css', () => {
  const tokens = colorTokens(readFileSync(TOKENS, 'utf8'));

  it('gives every colour a light and a dark value', () => {
    expect(tokens.size).toBeGreaterThan(10);
    for (const name of [...Object.keys(TEXT_ON_BACKGROUNDS), ...Object.values(TEXT_ON_BACKGROUNDS).flat()]) {
      expect(tokens.has(name), `${name} is declared`).toBe(true);
    }
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`keeps text at ${AA_TEXT}:1 or more in the ${theme} theme`, () => {
      const failures: string[] = [];
      for (const [text, backgrounds] of Object.entries(TEXT_ON_BACKGROUNDS)) {
        for (const background of backgrounds) {
          const ratio = contrastRatio(tokens.get(text)![theme], tokens.get(background)![theme]);
          if (ratio < AA_TEXT) failures.push(`${text} on ${background}: ${ratio.toFixed(2)}:1`);
        }
      }
      expect(failures).toEqual([]);
    });
  }
});

describe('contrastRatio', () => {
  it('is 21:1 for black on white and 1:1 for a colour on itself', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#1f5fbf', '#1f5fbf')).toBe(1);
  });

  it('fails a pair below AA, as a careless token edit would', () => {
    expect(contrastRatio('#9ba5b2', '#ffffff')).toBeLessThan(AA_TEXT);
  });
});

describe('colorTokens', () => {
  it('refuses a colour with one value only, which would leave a theme without it', () => {
    expect(() => colorTokens(':root { --color-text: #111111; }')).toThrow('--color-text must be light-dark');
  });

  it('reads functional colours inside a pair', () => {
    expect(colorTokens(':root { --color-shadow: light-dark(rgb(0 0 0 / 12%), rgb(0 0 0 / 50%)); }').get('--color-shadow')).toEqual({
      light: 'rgb(0 0 0 / 12%)',
      dark: 'rgb(0 0 0 / 50%)',
    });
  });
});
