/**
 * The fake ACP agent's login (ACP terminal authentication), when FAKE_ACP_LOGIN_MARKER names a
 * file: `initialize` lists a `terminal` auth method (its args `--fake-login`, its env
 * FAKE_LOGIN_GREETING) and advertises `logout`; `session/new` answers `auth_required` until the
 * marker file exists; `logout` deletes it. Run with `--fake-login`, the agent's program is the
 * login itself: it asks for a code on its terminal, writes the marker and exits 0 when the code is
 * FAKE_ACP_LOGIN_CODE (default `let-me-in`), and exits 1 otherwise. It says whether its stdin is a
 * TTY and what HOME and BATON_SECRET it sees, so that a test can check the PTY and the environment,
 * and, with FAKE_ACP_LOGIN_PEEK naming a file, whether it can read that file (`peek=read` or `peek=refused`).
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { type AuthMethod, RequestError } from '@agentclientprotocol/sdk';

const marker = process.env.FAKE_ACP_LOGIN_MARKER;
export const LOGIN_ARGUMENT = '--fake-login';

/** What `initialize` adds when the fake has a login. */
export function loginFields(): { authMethods: AuthMethod[]; auth?: { logout: object } } {
  if (!marker) return { authMethods: [] };
  const name = 'Log in to the fake agent';
  // FAKE_ACP_LOGIN_TYPE=agent: only a method the agent runs itself (`authenticate`), none for a terminal.
  const method: AuthMethod =
    process.env.FAKE_ACP_LOGIN_TYPE === 'agent'
      ? { id: 'fake-agent-login', name }
      : {
          type: 'terminal',
          id: 'fake-terminal-login',
          name,
          args: [LOGIN_ARGUMENT],
          env: { FAKE_LOGIN_GREETING: 'Welcome to the fake login' },
        };
  return { authMethods: [method], auth: { logout: {} } };
}

/** Throws `auth_required` while the user has not logged in. */
export function requireLogin(): void {
  if (marker && !existsSync(marker)) throw RequestError.authRequired(undefined, 'log in to the fake agent first');
}

export function logout(): void {
  if (marker) rmSync(marker, { force: true });
  process.stderr.write('fake-acp: logged out\n');
}

/** The login program, when the agent was started for it: returns false when it was not. */
export function runLoginIfAsked(): boolean {
  if (!process.argv.includes(LOGIN_ARGUMENT)) return false;
  const expected = process.env.FAKE_ACP_LOGIN_CODE ?? 'let-me-in';
  process.stdout.write(`\x1b[1m${process.env.FAKE_LOGIN_GREETING ?? 'no greeting'}\x1b[0m\r\n`);
  process.stdout.write(`tty=${process.stdin.isTTY === true} home=${process.env.HOME} secret=${process.env.BATON_SECRET ?? 'none'}\r\n`);
  const peek = process.env.FAKE_ACP_LOGIN_PEEK;
  if (peek) process.stdout.write(`peek=${canRead(peek) ? 'read' : 'refused'}\r\n`);
  process.stdout.write('Enter your code: ');
  const lines = createInterface({ input: process.stdin });
  lines.once('line', (line) => {
    if (line.trim() === expected && marker) {
      writeFileSync(marker, 'logged in\n');
      process.stdout.write('Logged in.\r\n');
      process.exit(0);
    }
    process.stdout.write('That code is wrong.\r\n');
    process.exit(1);
  });
  return true;
}

function canRead(file: string): boolean {
  try {
    readFileSync(file);
    return true;
  } catch {
    return false;
  }
}
