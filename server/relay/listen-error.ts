/**
 * Why the relay could not take its port, in words that say what to do. Node's own
 * `listen EADDRINUSE: address already in use` leaves a newcomer guessing.
 */
export class ListenError extends Error {
  override readonly name = 'ListenError';

  constructor(
    readonly code: 'port-in-use' | 'port-not-allowed' | 'listen-failed',
    message: string,
    options: { cause: unknown },
  ) {
    super(message, options);
  }
}

export function listenError(error: unknown, host: string, port: number): ListenError {
  const where = `${host}:${port}`;
  switch ((error as NodeJS.ErrnoException).code) {
    case 'EADDRINUSE':
      return new ListenError(
        'port-in-use',
        `Port ${port} is already in use on ${host} (another Baton, or another program). ` +
          `Start with --port 0 to take a free port, or choose another with --port N.`,
        { cause: error },
      );
    case 'EACCES':
      return new ListenError(
        'port-not-allowed',
        `Not allowed to listen on ${where}: ports below 1024 need privileges. Start with --port 0 to take a free port.`,
        { cause: error },
      );
    default:
      return new ListenError('listen-failed', `Could not listen on ${where}: ${(error as Error).message}`, { cause: error });
  }
}
