/**
 * Syntax highlighting with Shiki, loaded only when first used (its core, its JavaScript regular
 * expression engine, its two themes and each grammar are dynamic imports), so a page that shows no
 * code pays nothing for it. It runs in the highlighting worker (highlight-off-thread.ts), and on
 * the main thread only where no worker can. Code is tokenized once in a light and a dark theme,
 * and each token's colour is the CSS pair `light-dark(light, dark)`, which the page's
 * color-scheme resolves: a switch of theme repaints the code without highlighting it again. The
 * grammars come precompiled (their Oniguruma patterns already JavaScript regular expressions, for
 * the raw JavaScript engine): converting them on first use cost about 75 ms per grammar. No
 * WebAssembly, which the page's content security policy need not allow. Code is tokenized in
 * chunks of lines, yielding between them and carrying the grammar's state across, so a cancel
 * lands quickly and, on the main thread, a long file never holds it for long.
 */
import type { GrammarState, HighlighterCore, ThemedToken } from 'shiki/core';
import { GRAMMARS } from './languages';

export interface HighlightToken {
  content: string;
  /** A CSS colour for both themes, `light-dark(#light, #dark)`; use it as the token's `color`. */
  color?: string;
  /** Shiki's FontStyle bits: 1 italic, 2 bold, 4 underline. */
  fontStyle?: number;
}

/** One array of tokens per line of the code. */
export type HighlightedLines = HighlightToken[][];

/**
 * Shiki's dual themes: the key names the color-scheme each is shown in. The high-contrast pair keeps
 * every token readable (4.5:1) on the page and on a diff's added and removed lines, which the plain
 * GitHub themes' comments are not (axe-core's check in e2e/accessibility.spec.ts).
 */
const THEMES = { light: 'github-light-high-contrast', dark: 'github-dark-high-contrast' } as const;
const LINES_PER_CHUNK = 25;
/** Longer lines (minified code) are left plain: tokenizing them costs much and shows little. */
const MAX_TOKENIZED_LINE_LENGTH = 2000;

let highlighter: Promise<HighlighterCore> | undefined;
const loadedGrammars = new Map<string, Promise<void>>();

function loadHighlighter(): Promise<HighlighterCore> {
  highlighter ??= (async () => {
    const [{ createHighlighterCore }, { createJavaScriptRawEngine }] = await Promise.all([
      import('shiki/core'),
      import('shiki/engine/javascript'),
    ]);
    return createHighlighterCore({
      themes: [import('shiki/themes/github-light-high-contrast.mjs'), import('shiki/themes/github-dark-high-contrast.mjs')],
      langs: [],
      engine: createJavaScriptRawEngine(),
    });
  })();
  return highlighter;
}

async function loadGrammar(core: HighlighterCore, grammar: string): Promise<void> {
  let loading = loadedGrammars.get(grammar);
  if (!loading) {
    const load = GRAMMARS[grammar];
    if (!load) throw new Error(`No grammar named ${grammar}.`);
    loading = load().then((module) => core.loadLanguage(module.default));
    loadedGrammars.set(grammar, loading);
  }
  await loading;
}

/**
 * The code's tokens, line by line, in the grammar named (an id from GRAMMARS). Resolves to
 * undefined when `signal` aborts first (the code on screen changed meanwhile).
 */
export async function highlightCode(code: string, grammar: string, signal?: AbortSignal): Promise<HighlightedLines | undefined> {
  const core = await loadHighlighter();
  await loadGrammar(core, grammar);
  const lines = code.split('\n');
  const highlighted: HighlightedLines = [];
  let grammarState: GrammarState | undefined;
  for (let start = 0; start < lines.length; start += LINES_PER_CHUNK) {
    // A task of its own for every chunk, the first included: the code blocks of a page all wait for
    // the same grammar, and would otherwise all tokenize in the one task that finishes loading it.
    await nextTask();
    if (signal?.aborted) return undefined;
    const chunk = lines.slice(start, start + LINES_PER_CHUNK).join('\n');
    const result = core.codeToTokens(chunk, {
      lang: grammar,
      themes: THEMES,
      // No default colour: every token carries each theme's style as a CSS variable, read below.
      defaultColor: false,
      grammarState,
      tokenizeMaxLineLength: MAX_TOKENIZED_LINE_LENGTH,
    });
    grammarState = result.grammarState;
    highlighted.push(...result.tokens.map((line) => line.map(toToken)));
  }
  return signal?.aborted ? undefined : highlighted;
}

/** Shiki's per-theme CSS variables, as `defaultColor: false` names them. */
const LIGHT = '--shiki-light';
const DARK = '--shiki-dark';

function toToken(token: ThemedToken): HighlightToken {
  const style = token.htmlStyle ?? {};
  return { content: token.content, color: themedColor(style[LIGHT], style[DARK]), fontStyle: fontStyleBits(style) };
}

/** light-dark() takes colours only: a theme without a colour for the token leaves it plain. */
function themedColor(light: string | undefined, dark: string | undefined): string | undefined {
  const isColor = (value: string | undefined): value is string => value !== undefined && value !== 'inherit';
  return isColor(light) && isColor(dark) ? `light-dark(${light}, ${dark})` : undefined;
}

/** The light theme's font style as Shiki's FontStyle bits (both GitHub themes agree on them). */
function fontStyleBits(style: Record<string, string>): number {
  let bits = 0;
  if (style[`${LIGHT}-font-style`] === 'italic') bits |= 1;
  if (style[`${LIGHT}-font-weight`] === 'bold') bits |= 2;
  if (style[`${LIGHT}-text-decoration`]?.includes('underline')) bits |= 4;
  return bits;
}

/** Lets the browser handle input and paint between chunks. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
