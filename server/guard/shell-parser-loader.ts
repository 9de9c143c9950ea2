/**
 * Loads the bash grammar once and hands out one parser for every command line the guard reads.
 *
 * The parser is tree-sitter's bash grammar run as WebAssembly (web-tree-sitter and the grammar's
 * own `.wasm`, both read from node_modules: no network, no native build). It was chosen over
 * `sh-syntax` (mvdan/sh in WebAssembly) because sh-syntax's syntax tree crosses into JavaScript
 * as JSON that keeps only the position of each command, not its words, so there is nothing to
 * read a program or an argument from; it also starts a fresh Go runtime for every parse.
 * tree-sitter gives a concrete syntax tree with a type for every word part (plain word, '…',
 * "…", $'…', $(…), ${…}), from which shell-word.ts computes what the shell would pass.
 */
import { createRequire } from 'node:module';
import { Language, Parser } from 'web-tree-sitter';

const require = createRequire(import.meta.url);

let loading: Promise<Parser> | undefined;

async function createParser(): Promise<Parser> {
  // Said explicitly rather than guessed from the bundle's own address, so the same files load
  // under vitest, under tsx and from a built relay.
  const runtime = require.resolve('web-tree-sitter/web-tree-sitter.wasm');
  await Parser.init({ locateFile: () => runtime });
  const bash = await Language.load(require.resolve('tree-sitter-bash/tree-sitter-bash.wasm'));
  const parser = new Parser();
  parser.setLanguage(bash);
  return parser;
}

/**
 * The shared bash parser. Parsing is synchronous once it is loaded, so callers never share it
 * mid-parse. A failed load is not kept: the next call tries again.
 */
export function loadShellParser(): Promise<Parser> {
  loading ??= createParser().catch((error: unknown) => {
    loading = undefined;
    throw new Error(`the shell parser could not be loaded: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  });
  return loading;
}
