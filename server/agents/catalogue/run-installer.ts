/** Runs an installer (npm, uv) without a shell; a failure says what it printed last. */
import { spawn } from 'node:child_process';
import { pickCommandEnvironment } from '../../process/command-environment';
import { withoutRelaySecrets } from '../../process/relay-secrets';

export class InstallError extends Error {
  override readonly name = 'InstallError';
}

const KEPT_OUTPUT = 2000;

/** The installer's own settings (its registry, cache, proxy) besides what any command gets. */
const INSTALLER_VARIABLE = /^(npm_config_\w+|NPM_CONFIG_\w+|UV_\w+|HTTPS?_PROXY|https?_proxy|NO_PROXY|no_proxy)$/;

/**
 * What an installer sees of the relay's environment: never its API keys or token, which a
 * package's own scripts could read.
 */
export function installerEnvironment(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const picked = pickCommandEnvironment(env);
  for (const [name, value] of Object.entries(env)) if (value !== undefined && INSTALLER_VARIABLE.test(name)) picked[name] = value;
  return withoutRelaySecrets(picked);
}

export function runInstaller(command: string, args: string[], env: Record<string, string | undefined>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: installerEnvironment(env) as NodeJS.ProcessEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-KEPT_OUTPUT);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        new InstallError(
          error.code === 'ENOENT' ? `${command} is not installed (not found on PATH)` : `${command} could not start: ${error.message}`,
        ),
      ),
    );
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new InstallError(`${command} ${args.slice(0, 2).join(' ')} failed (${signal ?? `exit code ${code}`}): ${output.trim()}`));
    });
  });
}
