/**
 * `baton --open`: shows the ready URL in the user's browser with the platform's own opener. A
 * browser that does not open is a note on stderr, never a failed start: the URL is printed anyway.
 *
 * The opener gets the names a desktop session needs and nothing else of the launcher's
 * environment, so no API key reaches the browser it starts. Its command line, which every local
 * user can read (/proc/<pid>/cmdline) for as long as the browser it starts runs, carries no token
 * either: the address given to it holds a one-time sign-in code (server/relay/sign-in-codes.ts).
 */
import { spawn } from 'node:child_process';
import { withoutRelaySecrets } from '../process/relay-secrets';

export interface OpenCommand {
  command: string;
  args: string[];
}

const SESSION_NAMES = [
  'PATH',
  'HOME',
  'USER',
  'LANG',
  'DISPLAY',
  'WAYLAND_DISPLAY',
  'XAUTHORITY',
  'XDG_RUNTIME_DIR',
  'XDG_CURRENT_DESKTOP',
  'XDG_SESSION_TYPE',
  'XDG_DATA_DIRS',
  'XDG_CONFIG_DIRS',
  'DBUS_SESSION_BUS_ADDRESS',
  'BROWSER',
  'SYSTEMROOT',
  'WINDIR',
  'COMSPEC',
];

export function openCommandFor(platform: NodeJS.Platform, url: string): OpenCommand {
  switch (platform) {
    case 'darwin':
      return { command: 'open', args: [url] };
    case 'win32':
      // `start` is a cmd.exe built-in whose quoting a URL can break; the URL handler takes it as one argument.
      return { command: 'rundll32', args: ['url.dll,FileProtocolHandler', url] };
    default:
      return { command: 'xdg-open', args: [url] };
  }
}

/** Resolves once the opener has finished; a failure is passed to `note`, not thrown. */
export function openInBrowser(
  opener: OpenCommand,
  env: Readonly<Record<string, string | undefined>>,
  note: (message: string) => void,
): Promise<void> {
  const sessionEnv = withoutRelaySecrets(Object.fromEntries(SESSION_NAMES.map((name) => [name, env[name]])));
  const failed = (reason: string) => note(`could not open a browser (${opener.command}: ${reason}); open the URL above yourself`);
  return new Promise((resolve) => {
    // Its own process group, and not waited for: a browser that xdg-open starts in place outlives the relay.
    const child = spawn(opener.command, opener.args, {
      env: sessionEnv as NodeJS.ProcessEnv,
      stdio: 'ignore',
      shell: false,
      detached: true,
    });
    child.unref();
    child.once('error', (error) => {
      failed(error.message);
      resolve();
    });
    child.once('exit', (code, signal) => {
      if (code !== 0) failed(signal ? `ended by ${signal}` : `exited with ${code}`);
      resolve();
    });
  });
}
