/** `baton --workspace` with no usable folder stops at once, saying why, before anything is built or bound. */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));

it('refuses a --workspace that does not exist, and leaves no data folder behind', async () => {
  const parent = await mkdtemp(path.join(os.tmpdir(), 'baton-workspace-flag-'));
  const missing = path.join(parent, 'my-project');
  try {
    const child = spawn(process.execPath, ['bin/baton.mjs', '--port', '0', '--workspace', missing], {
      cwd: PROJECT_ROOT,
      env: { NODE_ENV: 'production', PATH: process.env.PATH, HOME: process.env.HOME },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(output).toBe(`baton: --workspace ${missing}: there is no such folder\n`);
    expect(code).toBe(1);
    expect(existsSync(missing)).toBe(false);
  } finally {
    await rm(parent, { recursive: true, force: true });
  }
});
