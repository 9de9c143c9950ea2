/**
 * The project's fake agents (one per protocol, each following its spec) as config.json entries,
 * run as real child processes by the relay under test. Each fake chooses its behaviour from
 * keywords in the prompt (see the comment at the top of each fake).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** tsx's ESM loader by absolute URL, so a fake runs from any working directory. */
const TSX_LOADER = new URL('node_modules/tsx/dist/loader.mjs', `file://${PROJECT_ROOT}`).href;

/** A config entry that runs one of the project's TypeScript fakes with Node. */
export function fakeAgentEntry(kind: 'acp' | 'eca' | 'autohand', fakeFile: string, args: readonly string[] = [], label?: string) {
  return {
    kind,
    ...(label ? { label } : {}),
    command: process.execPath,
    args: ['--import', TSX_LOADER, path.join(PROJECT_ROOT, fakeFile), ...args],
  };
}

export async function writeRelayConfig(dataDir: string, config: object): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  await writeFile(path.join(dataDir, 'config.json'), JSON.stringify(config, null, 2));
}
