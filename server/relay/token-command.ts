/**
 * `baton token [--workspace DIR] [--data-dir DIR] [--host H] [--port N] [--rotate]`: where the
 * relay's token is kept and the address that carries it, on stdout, the user's own (as the ready
 * line is). `--rotate` writes a new token first: a relay running on that data folder then logs
 * every tab out (./token-source.ts), on purpose, for a token that may have been seen.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { launchEnvironment } from '../launch/launch-environment';
import { readOrCreateTokenFile, rotateTokenFile, tokenFilePath } from './token-file';

export const TOKEN_USAGE = 'Usage: baton token [--workspace DIR] [--data-dir DIR] [--host H] [--port N] [--rotate]\n';

export async function runTokenCommand(args: readonly string[]): Promise<number> {
  const { values } = parseArgs({
    args: [...args],
    options: {
      workspace: { type: 'string' },
      'data-dir': { type: 'string' },
      host: { type: 'string', default: '127.0.0.1' },
      port: { type: 'string', default: '4780' },
      rotate: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(TOKEN_USAGE);
    return 0;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`--port must be 1-65535, not ${values.port}`);
  const workspaceRoot = path.resolve(values.workspace ?? process.cwd());
  const dataDir = path.resolve(values['data-dir'] ?? path.join(workspaceRoot, '.baton'));
  const token = values.rotate ? await rotateTokenFile(dataDir) : await readOrCreateTokenFile(dataDir);
  const host = values.host.includes(':') ? `[${values.host}]` : values.host;
  process.stdout.write(`Token file: ${tokenFilePath(dataDir)}\nURL: http://${host}:${port}/#token=${token}\n`);
  const note = (message: string) => process.stderr.write(`baton: ${message}\n`);
  if (values.rotate)
    note('a relay running on this data folder (without BATON_TOKEN) logs every tab out now; open the URL above to sign in again');
  if (launchEnvironment().BATON_TOKEN) note('BATON_TOKEN is set here: a relay started with it uses that token, not this file');
  return 0;
}
