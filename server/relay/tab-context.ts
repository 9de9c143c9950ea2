/**
 * What one tab's handlers are given: the relay's parts and the tab's own connection. Apart from
 * rpc-handlers.ts, which registers every handler file, so that each of them can name it.
 */
import type { BatonProtocol } from '../../lib/protocol/baton-protocol';
import type { RpcConnection } from '../../lib/rpc/rpc-connection';
import type { AgentRegistry } from '../agents/agent-registry';
import type { AgentInstaller } from '../agents/catalogue/agent-installer';
import type { ContentTaps } from '../hub/content-taps';
import type { Inbox } from '../hub/inbox';
import type { ThreadDirectory } from '../hub/thread-directory';
import type { ThreadHub } from '../hub/thread-hub';
import type { RewindParts } from '../rewind/rewind-parts';
import type { ThreadStore } from '../store/thread-store';
import type { Workspace } from '../workspace/workspace';
import type { PushSender } from '../push/push-sender';
import type { TabViews } from './tab-views';
import type { AgentLogins } from './agent-logins';
import type { ToolServers } from './tool-servers';
import type { Device } from '../../lib/protocol/devices';
import type { TabActor } from '../../lib/protocol/roles';
import type { TabAudit } from './tab-audit';
import type { DeviceRegistry } from './devices/device-registry';

export interface TabContext {
  hub: ThreadHub;
  /** What rewinds restore files from (the hub is given only the turn hooks among them). */
  rewind: RewindParts;
  workspace: Workspace;
  agents: AgentRegistry;
  /** "Add agent": the ACP registry's agents and their installs; absent, the methods say so. */
  installer?: AgentInstaller;
  /** Every started agent's tool servers (the built-in agent's native tools and MCP servers first). */
  toolServers: ToolServers;
  /** Every started agent's login (its login terminal, Log out). */
  logins: AgentLogins;
  /** The thread store, for what the hub does not hold: pages of older entries. */
  store: ThreadStore;
  /** The thread list: filters with live status, rename, archive, delete with an undo. */
  threads: ThreadDirectory;
  /** Every thread's recorded contents, for requests that follow a turn (sendMessage). */
  contentTaps: ContentTaps;
  /** What waits for the user across every thread (server/hub/inbox.ts). */
  inbox: Inbox;
  /** Which thread each tab shows, and whether it can be seen. */
  tabViews: TabViews;
  /** The inbox's alerts pushed to subscribed browsers; absent, the push methods say so. */
  push?: PushSender;
  log: (message: string) => void;
  /** The relay runs on Baton's own source folder for want of `--workspace` (server/launch/workspace-folder.ts). */
  startedInOwnSource?: boolean;
  /** Puts this tab in the thread's room (and out of any other thread's). */
  watchThread(threadId: string): void;
  /** The thread this tab watches now, if any. */
  watchedThread?(): string | undefined;
  /** The paired device this tab is, when it presented a device credential rather than the main token. */
  device?: Device;
  /** Who this tab is (the main token's owner, a device, a configured user) and its role, recorded with what it does. */
  actor: TabActor;
  /** Records what this tab does under its actor (audit-handlers.ts). */
  audit: TabAudit;
  /** The paired devices, which only the main token's tabs may list, pair or revoke. */
  devices?: DeviceRegistry;
  /** Sends a notification to this tab alone. */
  connection: RpcConnection<BatonProtocol>;
}
