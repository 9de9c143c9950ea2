/** Runs an installer (npm, uv) without a shell; a failure says what it printed last. */
import { spawn } from 'node:child_process';

export class InstallError extends Error {
  override readonly name = 'InstallError';
}

const KEPT_OUTPUT = 2000;

export function runInstaller(command: string, args: string[], env: Record<string, string | undefined>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: env as NodeJS.ProcessEnv, stdio: ['ignore', 'pipe', 'pipe'] });
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
