/**
 * This process's environment block: the text `/proc/<pid>/environ` shows every process of the user,
 * the relay's own children included. The kernel shows the bytes the block held when the process
 * started, whatever `process.env` says since: deleting a variable leaves its text there. So the
 * launcher, which then becomes the relay, takes every variable that could hold a secret out of
 * `process.env` (a child spawned without an explicit environment inherits none) and overwrites its
 * text in the block through /proc/self/mem, then reads the block again to be sure.
 */
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';

/** Names Node, the shell and the locale need; nothing that could hold a secret. */
const PLAIN_NAMES = new Set([
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'SHELL',
  'TERM',
  'TZ',
  'TMPDIR',
  'LANG',
  'LANGUAGE',
  'NODE_ENV',
  'NODE_OPTIONS',
  'NODE_PATH',
  'NODE_EXTRA_CA_CERTS',
  'UV_THREADPOOL_SIZE',
  'NEXT_TELEMETRY_DISABLED',
]);

/** Whether a variable of this name stays in the relay's own environment. */
export function isPlainName(name) {
  return PLAIN_NAMES.has(name) || name.startsWith('LC_');
}

/**
 * Leaves only plain names in `process.env` and in the environment block. True when the block
 * now holds no other variable; false where it cannot be rewritten (no /proc, /proc/self/mem
 * refused), and the caller must keep the secrets in another process.
 */
export function clearEnvironmentBlock() {
  for (const name of Object.keys(process.env)) if (!isPlainName(name)) delete process.env[name];
  if (process.platform !== 'linux') return false;
  try {
    const block = readFileSync('/proc/self/environ');
    const start = blockStart();
    const memory = openSync('/proc/self/mem', 'r+');
    try {
      for (const { offset, length, name } of entries(block)) {
        // Each variable taken out of process.env no longer points at its text, so zeroing it
        // changes nothing the process itself still reads.
        if (!isPlainName(name)) writeSync(memory, Buffer.alloc(length), 0, length, start + offset);
      }
    } finally {
      closeSync(memory);
    }
    return entries(readFileSync('/proc/self/environ')).every(({ name }) => isPlainName(name));
  } catch {
    return false;
  }
}

/** Where the block starts in this process's memory: field 50 (env_start) of /proc/self/stat. */
function blockStart() {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  // The command's name (field 2) may hold spaces and parentheses; the fields after its last ')' do not.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const start = Number(fields[50 - 3]);
  if (!Number.isSafeInteger(start) || start <= 0) throw new Error('no env_start in /proc/self/stat');
  return start;
}

/** The block's non-empty entries; text without '=' counts as a name no process needs. */
function entries(block) {
  const found = [];
  let offset = 0;
  while (offset < block.length) {
    let end = block.indexOf(0, offset);
    if (end === -1) end = block.length;
    if (end > offset) {
      const text = block.subarray(offset, end).toString('utf8');
      const equals = text.indexOf('=');
      found.push({ offset, length: end - offset, name: equals > 0 ? text.slice(0, equals) : text });
    }
    offset = end + 1;
  }
  return found;
}
