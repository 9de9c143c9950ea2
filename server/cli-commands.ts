/**
 * `baton <command> ...`: the commands besides starting the relay, each loaded only when run. A
 * relay imports none of them: their modules bring packages of their own (the socket.io client,
 * zip readers, the ECA server), which a static import would load into every relay at start.
 */
type Run = (args: string[]) => Promise<number>;

interface Command {
  run(): Promise<Run>;
  usage(): Promise<string>;
}

export const COMMANDS: Record<string, Command> = {
  'eca-server': {
    run: async () => (await import('./eca-server/eca-server-command')).runEcaServerCommand,
    usage: async () => 'Usage: baton eca-server [--workspace DIR] [--data-dir DIR]\n',
  },
  token: {
    run: async () => (await import('./relay/token-command')).runTokenCommand,
    usage: async () => (await import('./relay/token-command')).TOKEN_USAGE,
  },
  pair: {
    run: async () => (await import('./relay/pair-command')).runPairCommand,
    usage: async () => (await import('./relay/pair-command')).PAIR_USAGE,
  },
  user: {
    run: async () => (await import('./relay/users/user-command')).runUserCommand,
    usage: async () => (await import('./relay/users/user-command')).USER_USAGE,
  },
  export: {
    run: async () => (await import('./export/thread-file-commands')).runExportCommand,
    usage: async () => (await import('./export/thread-file-commands')).EXPORT_USAGE,
  },
  import: {
    run: async () => (await import('./export/thread-file-commands')).runImportCommand,
    usage: async () => (await import('./export/thread-file-commands')).IMPORT_USAGE,
  },
};

/** Every command's usage lines, for `baton --help`. */
export async function commandUsages(): Promise<string> {
  const usages = await Promise.all(Object.values(COMMANDS).map((command) => command.usage()));
  return usages.map((usage) => usage.replace('Usage: ', '       ')).join('');
}
