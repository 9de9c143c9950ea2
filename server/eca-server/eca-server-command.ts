/**
 * `baton eca-server [--workspace DIR] [--data-dir DIR]`: the built-in agent as an ECA server on
 * this process's stdin and stdout, for an editor to start (issue 5, "An ECA server of its own").
 * No UI build and no HTTP server. stdout carries protocol messages only; logs go to stderr.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { launchEnvironment, watchLauncher } from '../launch/launch-environment';
import { runEcaServer } from './eca-server';

export const ECA_SERVER_USAGE = 'Usage: baton eca-server [--workspace DIR] [--data-dir DIR]\n';

/** Runs the server until the editor sends `exit` or closes stdin; resolves to the exit code. */
export async function runEcaServerCommand(args: readonly string[]): Promise<number> {
  const { values } = parseArgs({
    args: [...args],
    options: {
      workspace: { type: 'string' },
      'data-dir': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(ECA_SERVER_USAGE);
    return 0;
  }
  const log = (message: string) => process.stderr.write(`baton eca-server: ${message}\n`);
  // A library that prints (Prisma, the SDK) would corrupt the protocol stream: console goes to stderr.
  console.log = console.error;
  console.info = console.error;
  console.debug = console.error;

  const server = runEcaServer({
    input: process.stdin,
    output: process.stdout,
    workspaceRoot: path.resolve(values.workspace ?? process.cwd()),
    dataDir: values['data-dir'] === undefined ? undefined : path.resolve(values['data-dir']),
    env: launchEnvironment(),
    log,
  });
  const stop = (signal: string) => {
    log(`${signal}: stopping`);
    void server.stop();
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGHUP', () => stop('SIGHUP'));
  watchLauncher((reason) => stop(reason));
  return server.exitCode;
}
