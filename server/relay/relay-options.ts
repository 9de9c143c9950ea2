/** What `startRelay` (./relay.ts) is given, and what it returns. */
import type { Agent as HttpsAgent } from 'node:https';
import type { AgentEntry } from '../agents/agents-config';
import type { MessageLimits } from './message-limits';
import type { OutgoingLimits } from './outgoing-bounds';
import type { TeamOptions } from './team/team-options';
import type { TlsFiles } from './tls-files';

export interface RelayOptions {
  host: string;
  port: number;
  workspaceRoot: string;
  dataDir: string;
  /** `--database` / `BATON_DATABASE_URL`: a PostgreSQL URL, or `file:<path>` in the data folder; the data folder's baton.db when absent. */
  databaseUrl?: string;
  /** BATON_TOKEN; when absent, the data folder's token file (created with a random token the first time). */
  token?: string;
  env: NodeJS.ProcessEnv;
  log: (message: string) => void;
  /** Who besides this machine's own pages may reach the relay; the defaults suit one local user. */
  access?: RelayAccessOptions;
  limits?: MessageLimits;
  /** What the relay holds for a tab that does not read what it is sent. */
  outgoing?: OutgoingLimits;
  /** Whether to serve the UI's build (default true); tests of the socket alone leave it out. */
  serveUi?: boolean;
  /**
   * The path prefix a proxy that keeps it serves Baton under (`--base-path`, base-path.ts); '' for
   * none; when absent, the config file's `basePath`.
   */
  basePath?: string;
  /** Agents given on the command line (`--agent`), besides the config file's; the first is the default. */
  extraAgents?: ReadonlyArray<{ name: string; entry: AgentEntry }>;
  /** How long a sign-in code from `signInUrl()` works (BATON_SIGN_IN_CODE_SECONDS); 30 s by default. */
  signInCodeSeconds?: number;
  /** No `--workspace`, and the workspace is Baton's own source folder: the page asks for the user's project. */
  startedInOwnSource?: boolean;
  /** How push services are reached (default: Node's); a test gives one trusting its own loopback service. */
  pushAgent?: HttpsAgent;
  /** `--tls-cert` and `--tls-key`: serve HTTPS with the user's certificate (./tls-files.ts). */
  tls?: TlsFiles;
  /** `--redis` and `--relay-id`: one relay of a team on PostgreSQL (team/team-options.ts). */
  team?: TeamOptions;
}

export interface RelayAccessOptions {
  /** The user asked to listen on a non-loopback address (`--allow-remote`). */
  allowRemote?: boolean;
  /** More host names requests may address (a name this machine has on the network). */
  allowedHosts?: readonly string[];
  /** Origins of other pages that may talk to the relay (an embedding IDE). */
  trustedOrigins?: readonly string[];
  /** The CSP `frame-ancestors` sources; `'self'` by default. */
  frameAncestors?: string;
}

export interface RunningRelay {
  /** The address with the token in its fragment: what the ready line prints. */
  url: string;
  token: string;
  /**
   * The address with a new one-time sign-in code in its fragment instead of the token, for a
   * command line (`--open`'s opener) that other local users can read.
   */
  signInUrl(): string;
  /** Who answers a new thread: the offline demo, a real model, or another agent (model-note.ts). */
  modelNote: string;
  close(): Promise<void>;
}
