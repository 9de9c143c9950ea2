import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const run = promisify(execFile);
const MODULE = new URL('./environment-block.mjs', import.meta.url).href;
const SECRET = 'environment-block-secret-0123456789abcdef';

/** A Node process started with a secret among plain names clears its block and reports what is left. */
async function clearIn(env: Record<string, string>) {
  // Next.js's typings make NODE_ENV required on ProcessEnv; this child is given exactly these names.
  const script = `
    import { readFileSync } from 'node:fs';
    import { execFileSync } from 'node:child_process';
    import { clearEnvironmentBlock } from ${JSON.stringify(MODULE)};
    const cleared = clearEnvironmentBlock();
    console.log(JSON.stringify({
      cleared,
      block: readFileSync('/proc/self/environ', 'utf8'),
      env: process.env,
      child: execFileSync('env', { encoding: 'utf8' }),
      locale: process.env.LC_ALL,
    }));`;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { env: env as NodeJS.ProcessEnv });
  return JSON.parse(stdout) as { cleared: boolean; block: string; env: Record<string, string>; child: string; locale?: string };
}

it.runIf(process.platform === 'linux')(
  "takes every variable but plain names out of the process's environment block, its process.env and its children's",
  async () => {
    const result = await clearIn({
      PATH: process.env.PATH ?? '/usr/bin',
      LC_ALL: 'C',
      BATON_TOKEN: SECRET,
      ANTHROPIC_API_KEY: `key-${SECRET}`,
    });

    expect(result.cleared).toBe(true);
    expect(result.block).toContain('PATH=');
    expect(result.block).toContain('LC_ALL=C');
    expect(result.block).not.toContain(SECRET);
    expect(result.block).not.toContain('BATON_TOKEN');
    expect(Object.keys(result.env).sort()).toEqual(['LC_ALL', 'PATH']);
    expect(result.child).not.toContain(SECRET);
    // What the process keeps still reads as before.
    expect(result.locale).toBe('C');
  },
);

it.runIf(process.platform === 'linux')('reports a block that held plain names only as cleared', async () => {
  const result = await clearIn({ PATH: process.env.PATH ?? '/usr/bin', HOME: '/nowhere' });

  expect(result.cleared).toBe(true);
  expect(result.env).toEqual({ PATH: process.env.PATH ?? '/usr/bin', HOME: '/nowhere' });
});
