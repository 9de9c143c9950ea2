/**
 * Which grammar highlights a file or a fenced code block, and how to load it. Each grammar is its
 * own dynamic import, so a page loads only the grammars it shows; precompiled, so none is converted
 * to JavaScript regular expressions in the browser (highlight-code.ts).
 */
import type { LanguageRegistration } from 'shiki/core';

type GrammarModule = { default: LanguageRegistration[] };

/** Shiki's grammar ids, each loaded on first use. */
export const GRAMMARS: Readonly<Record<string, () => Promise<GrammarModule>>> = {
  bash: () => import('@shikijs/langs-precompiled/bash'),
  c: () => import('@shikijs/langs-precompiled/c'),
  clojure: () => import('@shikijs/langs-precompiled/clojure'),
  cpp: () => import('@shikijs/langs-precompiled/cpp'),
  csharp: () => import('@shikijs/langs-precompiled/csharp'),
  css: () => import('@shikijs/langs-precompiled/css'),
  diff: () => import('@shikijs/langs-precompiled/diff'),
  dockerfile: () => import('@shikijs/langs-precompiled/dockerfile'),
  'emacs-lisp': () => import('@shikijs/langs-precompiled/emacs-lisp'),
  go: () => import('@shikijs/langs-precompiled/go'),
  html: () => import('@shikijs/langs-precompiled/html'),
  ini: () => import('@shikijs/langs-precompiled/ini'),
  java: () => import('@shikijs/langs-precompiled/java'),
  javascript: () => import('@shikijs/langs-precompiled/javascript'),
  json: () => import('@shikijs/langs-precompiled/json'),
  jsx: () => import('@shikijs/langs-precompiled/jsx'),
  kotlin: () => import('@shikijs/langs-precompiled/kotlin'),
  lua: () => import('@shikijs/langs-precompiled/lua'),
  makefile: () => import('@shikijs/langs-precompiled/makefile'),
  markdown: () => import('@shikijs/langs-precompiled/markdown'),
  php: () => import('@shikijs/langs-precompiled/php'),
  prisma: () => import('@shikijs/langs-precompiled/prisma'),
  python: () => import('@shikijs/langs-precompiled/python'),
  ruby: () => import('@shikijs/langs-precompiled/ruby'),
  rust: () => import('@shikijs/langs-precompiled/rust'),
  scss: () => import('@shikijs/langs-precompiled/scss'),
  sql: () => import('@shikijs/langs-precompiled/sql'),
  swift: () => import('@shikijs/langs-precompiled/swift'),
  toml: () => import('@shikijs/langs-precompiled/toml'),
  tsx: () => import('@shikijs/langs-precompiled/tsx'),
  typescript: () => import('@shikijs/langs-precompiled/typescript'),
  xml: () => import('@shikijs/langs-precompiled/xml'),
  yaml: () => import('@shikijs/langs-precompiled/yaml'),
};

/** File extensions and the names code blocks use, each to its grammar id. */
const ALIASES: Readonly<Record<string, string>> = {
  sh: 'bash',
  zsh: 'bash',
  shell: 'bash',
  h: 'c',
  clj: 'clojure',
  cljs: 'clojure',
  cljc: 'clojure',
  edn: 'clojure',
  cc: 'cpp',
  cxx: 'cpp',
  hpp: 'cpp',
  'c++': 'cpp',
  cs: 'csharp',
  patch: 'diff',
  el: 'emacs-lisp',
  elisp: 'emacs-lisp',
  htm: 'html',
  cfg: 'ini',
  conf: 'ini',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsonc: 'json',
  json5: 'json',
  kt: 'kotlin',
  mk: 'makefile',
  md: 'markdown',
  mdx: 'markdown',
  py: 'python',
  rb: 'ruby',
  rs: 'rust',
  ts: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  svg: 'xml',
  yml: 'yaml',
};

/** The grammar for a code block's language name, if one is known. */
export function grammarOf(language: string): string | undefined {
  const name = language.trim().toLowerCase();
  if (name in GRAMMARS) return name;
  return ALIASES[name];
}

/** The grammar for a file, by its extension or its well-known name. */
export function grammarOfPath(path: string): string | undefined {
  const name = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
  if (name === 'dockerfile') return 'dockerfile';
  if (name === 'makefile' || name === 'gnumakefile') return 'makefile';
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? undefined : grammarOf(name.slice(dot + 1));
}
