/**
 * The relay's users as its config file says now (users-config.ts), so that `baton user add`, or an
 * edit that removes a user or changes a role, takes effect on a running relay. The file is checked
 * by its identity (one `lstat`, file-identity.ts) at every socket handshake, so that a new user
 * signs in at once, and every few seconds, so that a removed user's sockets are cut off even when
 * no one signs in; it is read again only when it changed, and so are the token files it names.
 *
 * A file that cannot be read or holds a mistake changes nothing: the users read before stay, and
 * the log says where the mistake is. A file that is gone has no users, as at start.
 */
import type { IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { parseAgentConfig, readConfigText } from '../../guard/agent-config';
import { schemaProblem } from '../../guard/config-file-problem';
import { fileIdentity } from '../file-identity';
import { type SignedInUser, UserDirectory } from './user-directory';
import { type UsersSetting, UsersSettingSchema } from './users-config';

/** How often the file is checked when no one signs in: how long a removed user's socket may outlive the removal. */
export const USERS_CHECK_INTERVAL_MS = 2_000;

/** What the socket server asks of the users (socket-server.ts). */
export type UserLookup = Pick<UserDirectory, 'identify' | 'fromProxy'>;

export class LiveUsers implements UserLookup {
  private reading: Promise<void> = Promise.resolve();
  private readonly listeners: Array<() => void> = [];
  private readonly timer: NodeJS.Timeout;

  private constructor(
    private readonly configFile: string,
    private directory: UserDirectory,
    /** The config file, then the token files it names. */
    private followed: string[],
    /** Their identities as they were when last read. */
    private identities: string[],
    private readonly log: (message: string) => void,
  ) {
    this.timer = setInterval(() => void this.refresh(), USERS_CHECK_INTERVAL_MS);
    // The check must not keep a relay that is closing alive.
    this.timer.unref();
  }

  /** The users of `configFile`, read now; throws what is wrong with the file, as at start. */
  static async open(configFile: string, log: (message: string) => void): Promise<LiveUsers> {
    const before = await fileIdentity(configFile);
    const { setting, followed } = await readSetting(configFile);
    const directory = await UserDirectory.load(setting, path.dirname(configFile));
    return new LiveUsers(configFile, directory, followed, await identitiesAfterRead(followed, before), log);
  }

  identify(token: string): SignedInUser | undefined {
    return this.directory.identify(token);
  }

  fromProxy(headers: IncomingHttpHeaders): ReturnType<UserDirectory['fromProxy']> {
    return this.directory.fromProxy(headers);
  }

  /** Called after the users were read again: the sockets of users no longer let in as they were must go. */
  onChanged(listener: () => void): void {
    this.listeners.push(listener);
  }

  /** Reads the file again if it (or a token file it names) changed since it was last read; one read at a time. */
  refresh(): Promise<void> {
    this.reading = this.reading
      .then(() => this.reloadIfChanged())
      .catch((error: unknown) => this.log(`could not check ${this.configFile} for changed users: ${String(error)}`));
    return this.reading;
  }

  close(): void {
    clearInterval(this.timer);
  }

  private async reloadIfChanged(): Promise<void> {
    // Taken before the read: a change made while the file is read differs from them, and is read at the next check.
    const now = await Promise.all(this.followed.map(fileIdentity));
    if (now.every((identity, index) => identity === this.identities[index])) return;
    this.identities = now;
    try {
      const { setting, followed } = await readSetting(this.configFile);
      // Followed from now on, even should one of them not be read: its creation is then a change too.
      if (followed.join('\n') !== this.followed.join('\n')) {
        this.identities = await identitiesAfterRead(followed, now[0] ?? '');
        this.followed = followed;
      }
      this.directory = await UserDirectory.load(setting, path.dirname(this.configFile));
      this.log(`the users of ${this.configFile} were read again`);
      for (const listener of this.listeners) listener();
    } catch (error) {
      // The identities stay as seen: the same mistake is logged once, not at every check.
      this.log(`${error instanceof Error ? error.message : String(error)}: the users read before stay until it is put right`);
    }
  }
}

/** The users section as the file holds it now, and the files it is read from (the config file, then the token files it names). */
async function readSetting(configFile: string): Promise<{ setting: UsersSetting; followed: string[] }> {
  const text = await readConfigText(configFile);
  const config: Record<string, unknown> = text === undefined ? {} : parseAgentConfig(text, configFile);
  const parsed = UsersSettingSchema.safeParse({ users: config.users, trustedProxy: config.trustedProxy });
  if (!parsed.success) throw new Error(`Bad config file ${schemaProblem(configFile, text ?? '', parsed.error)}`, { cause: parsed.error });
  const folder = path.dirname(configFile);
  const tokenFiles = parsed.data.users.flatMap(({ tokenFile }) => (tokenFile === undefined ? [] : [path.resolve(folder, tokenFile)]));
  return { setting: parsed.data, followed: [configFile, ...tokenFiles] };
}

/**
 * The config file's identity as taken before its read; the token files', first named by that read,
 * as they are now (a change to one in the moment between is seen at its next change).
 */
async function identitiesAfterRead(followed: readonly string[], configBefore: string): Promise<string[]> {
  return [configBefore, ...(await Promise.all(followed.slice(1).map(fileIdentity)))];
}
