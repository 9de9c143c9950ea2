/**
 * `baton [--port N] [--host H] [--open] [--workspace DIR] [--data-dir DIR] [--database URL] [--agent SPEC]... [access options]`: starts the
 * relay and prints one line, `Baton ready: <url>`, when it is ready. That line (and `baton token`)
 * is the one place the token is ever printed; scripts match it up to the end of the line, so who answers (the
 * offline demo or a real model) is said on the next line, on stderr. `--open` opens the same
 * address with a one-time sign-in code in place of the token.
 *
 * `baton eca-server [--workspace DIR] [--data-dir DIR]`: the built-in agent as an ECA server on
 * stdin and stdout, for an editor (server/eca-server/eca-server-command.ts).
 *
 * `baton export ...` and `baton import FILE`: threads as files (server/export/thread-file-commands.ts).
 *
 * `baton token [--rotate]`: the token file and the URL with its token; `--rotate` writes a new one,
 * logging every tab of a running relay out (server/relay/token-command.ts).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parseAgentFlag } from './agents/agent-flag';
import { checkListenAddress, parseFrameAncestors, parseTrustedOrigins } from './relay/access-options';
import { parseBasePath } from './relay/base-path';
import { launchEnvironment, watchLauncher } from './launch/launch-environment';
import { openCommandFor, openInBrowser } from './launch/open-browser';
import { stopWithNpmScript } from './launch/npm-script-parent';
import { chooseWorkspace, OWN_SOURCE_NOTE } from './launch/workspace-folder';
import { ensureUiBuild } from './relay/ensure-ui-build';
import { startRelay } from './relay/relay';
import { readTlsFiles } from './relay/tls-files';
import { parseSignInCodeSeconds } from './relay/sign-in-codes';
import { databaseTarget, describeDatabase } from './store/database-target';
import { checkTeamDatabase, parseTeamOptions } from './relay/team/team-options';
import { redactedUrl } from './relay/team/redis-url';
import { commandUsages, COMMANDS } from './cli-commands';
import { releaseFreedMemory } from './process/memory-trim';

const DEFAULT_PORT = 4780;
const USAGE = `Usage: baton [--port N] [--host H] [--open] [--workspace DIR] [--data-dir DIR] [--database URL]
             [--agent [NAME=]KIND:COMMAND]...
             [--allow-remote] [--allowed-host NAME]... [--trusted-origin URL]... [--frame-ancestors SOURCES]
             [--base-path /PREFIX] [--tls-cert FILE --tls-key FILE] [--redis URL [--relay-id NAME]]
`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: String(DEFAULT_PORT) },
      host: { type: 'string', default: '127.0.0.1' },
      workspace: { type: 'string' },
      'data-dir': { type: 'string' },
      database: { type: 'string' },
      redis: { type: 'string' },
      'relay-id': { type: 'string' },
      'allow-remote': { type: 'boolean', default: false },
      'allowed-host': { type: 'string', multiple: true, default: [] },
      'trusted-origin': { type: 'string', multiple: true, default: [] },
      'frame-ancestors': { type: 'string' },
      'base-path': { type: 'string' },
      'tls-cert': { type: 'string' },
      'tls-key': { type: 'string' },
      agent: { type: 'string', multiple: true, default: [] },
      open: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(USAGE + (await commandUsages()));
    return;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be 0-65535, not ${values.port}`);
  // The launcher's environment, secrets included; this process's own environment block holds none.
  const env = launchEnvironment();
  // Checked before anything is built or bound, so a refused launch leaves nothing behind.
  const token = env.BATON_TOKEN || undefined;
  checkListenAddress({ host: values.host, allowRemote: values['allow-remote'], userToken: token });
  const access = {
    allowRemote: values['allow-remote'],
    allowedHosts: values['allowed-host'],
    trustedOrigins: parseTrustedOrigins([...values['trusted-origin'], env.BATON_TRUSTED_ORIGINS ?? '']),
    frameAncestors: parseFrameAncestors(values['frame-ancestors'] ?? env.BATON_FRAME_ANCESTORS),
  };
  const signInCodeSeconds = parseSignInCodeSeconds(env.BATON_SIGN_IN_CODE_SECONDS);
  const tls = await readTlsFiles(values['tls-cert'], values['tls-key']);
  const basePathFlag = values['base-path'] ?? env.BATON_BASE_PATH;
  // Not given: the config file's `basePath` applies; given, even empty, it wins over the file.
  const basePath = basePathFlag === undefined ? undefined : parseBasePath(basePathFlag);
  const extraAgents = values.agent.map(parseAgentFlag);
  const { workspaceRoot, startedInOwnSource } = chooseWorkspace({
    workspaceFlag: values.workspace,
    cwd: process.cwd(),
    dataDirFlag: values['data-dir'],
  });
  const dataDir = path.resolve(values['data-dir'] ?? path.join(workspaceRoot, '.baton'));
  const log = (message: string) => process.stderr.write(`baton: ${message}\n`);
  // Scripts read stdout for the ready line alone; libraries' chatter (Next.js logs) goes to stderr.
  console.log = console.error;
  console.info = console.error;

  const databaseUrl = values.database ?? env.BATON_DATABASE_URL;
  // Checked before the build, so that a mistyped URL fails at once.
  const database = describeDatabase(databaseTarget({ databaseUrl, dataDir }));
  const team = parseTeamOptions(values.redis ?? env.BATON_REDIS_URL, values['relay-id'] ?? env.BATON_RELAY_ID);
  checkTeamDatabase(team, databaseTarget({ databaseUrl, dataDir }));

  await ensureUiBuild(log);
  const relay = await startRelay({
    host: values.host,
    port,
    workspaceRoot,
    dataDir,
    databaseUrl,
    token,
    env,
    log,
    access,
    basePath,
    extraAgents,
    signInCodeSeconds,
    startedInOwnSource,
    tls,
    team,
  });
  // Before the ready line: whoever read it may stop the relay at once, and a signal with no handler
  // yet would end the process without closing the relay or letting its data folder go.
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping`);
    relay.close().then(
      () => process.exit(0),
      (error: unknown) => {
        log(`stop failed: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  // A closed terminal: the running command and every other child go with the relay.
  process.on('SIGHUP', () => stop('SIGHUP'));
  watchLauncher((reason) => stop(reason));
  stopWithNpmScript(env, (reason) => stop(reason));
  process.stdout.write(`Baton ready: ${relay.url}\n`);
  log(relay.modelNote);
  log(`workspace ${workspaceRoot}, data in ${dataDir}, threads in ${database}`);
  if (team) log(`relay ${team.relayId} of a team, joined through Redis at ${redactedUrl(team.redisUrl)}`);
  if (startedInOwnSource) log(OWN_SOURCE_NOTE);
  // The opener's command line is readable by every local user: it gets a one-time code, not the token.
  if (values.open) void openInBrowser(openCommandFor(process.platform, relay.signInUrl()), env, log);
  // What starting freed (the page's build check, the migrations, the relay's bundle) is 15-20 MiB
  // that glibc would otherwise keep for reuse for as long as the relay runs idle.
  releaseFreedMemory();
}

function fail(error: unknown): never {
  process.stderr.write(`baton: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}

const command = process.argv[2] === undefined ? undefined : COMMANDS[process.argv[2]];
if (command) {
  command
    .run()
    .then((run) => run(process.argv.slice(3)))
    .then((code) => process.exit(code), fail);
} else {
  main().catch(fail);
}
