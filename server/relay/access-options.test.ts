import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { AccessSettingsError, checkListenAddress, isLoopbackHost, parseFrameAncestors, parseTrustedOrigins } from './access-options';
import { PROJECT_ROOT } from './project-root';

const LONG_TOKEN = 'x'.repeat(32);

function refusal(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    if (error instanceof AccessSettingsError) return error.code;
    throw error;
  }
}

describe('checkListenAddress', () => {
  it('lets loopback addresses listen without more', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]']) {
      expect(refusal(() => checkListenAddress({ host, allowRemote: false, userToken: undefined }))).toBeUndefined();
    }
  });

  it('refuses any other address without --allow-remote', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.5', '127.evil.example', 'baton.example']) {
      expect(isLoopbackHost(host)).toBe(false);
      expect(refusal(() => checkListenAddress({ host, allowRemote: false, userToken: LONG_TOKEN }))).toBe('remote-needs-flag');
    }
  });

  it('refuses --allow-remote without a user-set token of 32 characters', () => {
    const check = (userToken: string | undefined) => refusal(() => checkListenAddress({ host: '0.0.0.0', allowRemote: true, userToken }));
    expect(check(undefined)).toBe('remote-needs-token');
    expect(check('x'.repeat(31))).toBe('remote-needs-token');
    expect(check(LONG_TOKEN)).toBeUndefined();
  });
});

describe('parseTrustedOrigins', () => {
  it('reads repeated flags and comma-separated lists as exact origins', () => {
    expect(parseTrustedOrigins(['https://code.example:8443', 'http://a.example, http://b.example:81/', ''])).toEqual([
      'https://code.example:8443',
      'http://a.example',
      'http://b.example:81',
    ]);
  });

  it('refuses anything that is not a bare http(s) origin', () => {
    for (const value of ['code.example', 'null', 'file:///tmp', 'https://code.example/path', 'https://u@code.example', '*']) {
      expect(refusal(() => parseTrustedOrigins([value]))).toBe('bad-trusted-origin');
    }
  });
});

describe('parseFrameAncestors', () => {
  it("defaults to 'self' and keeps a list of sources", () => {
    expect(parseFrameAncestors(undefined)).toBe("'self'");
    expect(parseFrameAncestors('  ')).toBe("'self'");
    expect(parseFrameAncestors("'self'   https://code.example:8443")).toBe("'self' https://code.example:8443");
    expect(parseFrameAncestors("'none'")).toBe("'none'");
  });

  it('refuses a value that would add another directive', () => {
    expect(refusal(() => parseFrameAncestors("'self'; script-src *"))).toBe('bad-frame-ancestors');
    expect(refusal(() => parseFrameAncestors("'self'\nX-Other: 1"))).toBe('bad-frame-ancestors');
  });
});

/** The command line refuses before it builds or binds anything; nothing here listens beyond loopback. */
describe('baton on a non-loopback address', () => {
  async function runBaton(args: string[], env: Record<string, string> = {}) {
    const child = spawn(process.execPath, ['bin/baton.mjs', '--port', '0', ...args], {
      cwd: PROJECT_ROOT,
      env: { NODE_ENV: 'production', PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    clearTimeout(timer);
    return { code, output };
  }

  it('refuses to start without --allow-remote', async () => {
    const { code, output } = await runBaton(['--host', '0.0.0.0'], { BATON_TOKEN: LONG_TOKEN });
    expect(code).toBe(1);
    expect(output).toContain('Refusing to listen on 0.0.0.0');
    expect(output).toContain('--allow-remote');
    expect(output).not.toContain('Baton ready');
  });

  it('refuses --allow-remote without a token the user set', async () => {
    const { code, output } = await runBaton(['--host', '0.0.0.0', '--allow-remote']);
    expect(code).toBe(1);
    expect(output).toContain('BATON_TOKEN');
    expect(output).not.toContain('Baton ready');
  });
});
