/**
 * Hands the memory the process freed back to the system: glibc's malloc_trim through a small
 * addon (native/memory-trim.c, built at `npm install` by scripts/build-memory-trim.mjs). glibc keeps
 * freed memory in its arenas for reuse and gives back only what lies at the top of one; after the
 * model's worker thread has ended and a full collection has run, a relay at rest held 15 MiB that
 * way (one at rest after 200,000 pieces streamed: 152 MiB RSS, 137 after one malloc_trim(0); one
 * just started: 150, then 133). Where the addon is not built (not Linux with glibc, no compiler at
 * install), releasing does nothing.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { installRoot } from './install-root';

/** Where the install builds the addon; undefined when Baton's own folder is not found. */
export function memoryTrimAddon(): string | undefined {
  const root = installRoot();
  return root === undefined ? undefined : path.join(root, '.native-build', 'memory-trim.node');
}

/** The release function of the addon at `file`: true when memory went back to the system; always false without the addon. */
export function loadMemoryTrim(file: string | undefined): () => boolean {
  if (file === undefined) return () => false;
  try {
    const addon = createRequire(import.meta.url)(file) as { trim?: unknown };
    if (typeof addon.trim === 'function') return addon.trim as () => boolean;
  } catch {
    // Not built here, or built for another system: Baton runs as well, holding a little more at rest.
  }
  return () => false;
}

let release: (() => boolean) | undefined;

/** Called once the relay is idle (started, or a turn's collection made): costs a few ms. */
export function releaseFreedMemory(): boolean {
  release ??= loadMemoryTrim(memoryTrimAddon());
  return release();
}
