/**
 * The project's fake agents (one per protocol, each following its spec) as config.json entries,
 * run as real child processes by the relay under test. Each fake chooses its behaviour from
 * keywords in the prompt (see the comment at the top of each fake).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StdioAgentEntry } from '../../server/agents/agents-config';

const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** tsx's ESM loader by absolute URL, so a fake runs from any working directory. */
const TSX_LOADER = new URL('node_modules/tsx/dist/loader.mjs', `file://${PROJECT_ROOT}`).href;

/**
 * A config entry that runs one of the project's TypeScript fakes with Node, complete as the schema
 * parses one (`env` and `passEnv` empty, to be spread over): `extraAgents` takes entries unparsed,
 * so a missing field there would reach the relay as undefined, not as its default.
 */
export function fakeAgentEntry(
  kind: StdioAgentEntry['kind'],
  fakeFile: string,
  args: readonly string[] = [],
  label?: string,
): StdioAgentEntry {
  return {
    kind,
    ...(label ? { label } : {}),
    command: process.execPath,
    args: ['--import', TSX_LOADER, path.join(PROJECT_ROOT, fakeFile), ...args],
    env: {},
    passEnv: [],
  };
}

export async function writeRelayConfig(dataDir: string, config: object): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  await writeFile(path.join(dataDir, 'config.json'), JSON.stringify(config, null, 2));
}
