/**
 * The relay the view shows: one per window, for the first workspace folder. Attaches to the relay
 * named by the `baton.url` setting (the URL a running Baton printed), or starts one with Baton's
 * launcher. Then maps its address into one the webview can reach (`vscode.env.asExternalUri`: the
 * same address in VS Code desktop, code-server's `/proxy/<port>/` path in code-server).
 */
import * as vscode from 'vscode';
import { type FrameAccess, frameAccessFor } from './frame-access';
import { findLauncher } from './launcher-location';
import { parseRelayUrl, type RelayAddress } from './ready-line';
import { startRelay, type RunningRelay } from './relay-process';
import { isProcessAlive, readRelayRecord, relayAnswers, relayRecordPath, removeRelayRecord, writeRelayRecord } from './relay-record';

export interface ConnectedRelay {
  token: string;
  workspaceRoot: string;
  /** What the webview frames: the external page address with `?embed=1`. */
  frameSource: string;
  /** The origin of that address, the only one the frame and its messages may have. */
  frameOrigin: string;
}

export class RelayConnection implements vscode.Disposable {
  private connecting: Promise<ConnectedRelay> | undefined;
  private running: RunningRelay | undefined;
  /** The launcher of a relay another window started, while this one shows it. */
  private attachedLauncher: number | undefined;

  constructor(
    private readonly output: vscode.OutputChannel,
    /** The extension's own storage folder, where the notes of started relays live. */
    private readonly storageFolder: string,
  ) {}

  /** The relay, started or attached once; `webviewOrigins` are the frames the relay must allow. */
  connect(webviewOrigins: readonly string[]): Promise<ConnectedRelay> {
    if (this.attachedLauncher !== undefined && !isProcessAlive(this.attachedLauncher)) {
      // The window that started it has closed, and its relay with it: start one here.
      this.attachedLauncher = undefined;
      this.connecting = undefined;
    }
    this.connecting ??= this.open(webviewOrigins).catch((error: unknown) => {
      // A failed start may be retried when the view is shown again.
      this.connecting = undefined;
      throw error;
    });
    return this.connecting;
  }

  private async open(webviewOrigins: readonly string[]): Promise<ConnectedRelay> {
    const folder = vscode.workspace.workspaceFolders?.[0];
    if (folder?.uri.scheme !== 'file') throw new Error('Open a folder to use Baton: it works on the folder open in this window.');
    const workspaceRoot = folder.uri.fsPath;
    const settings = vscode.workspace.getConfiguration('baton', folder.uri);
    const attachUrl = settings.get<string>('url')?.trim();
    let address: RelayAddress;
    if (attachUrl) {
      address = parseRelayUrl(attachUrl);
      this.output.appendLine(`Attaching to the relay at ${address.pageUrl} (baton.url)`);
    } else {
      address = await this.startOrFind(workspaceRoot, settings, webviewOrigins);
    }
    const external = await vscode.env.asExternalUri(vscode.Uri.parse(address.pageUrl));
    const frameUrl = new URL(external.toString(true));
    frameUrl.searchParams.set('embed', '1');
    this.output.appendLine(`Baton is shown from ${frameUrl.origin}${frameUrl.pathname}`);
    return { token: address.token, workspaceRoot, frameSource: frameUrl.toString(), frameOrigin: frameUrl.origin };
  }

  /** The relay another window of this folder started, if it runs and lets this view frame it; else a new one. */
  private async startOrFind(
    workspaceRoot: string,
    settings: vscode.WorkspaceConfiguration,
    webviewOrigins: readonly string[],
  ): Promise<RelayAddress> {
    const access = frameAccessFor(webviewOrigins);
    const recordFile = relayRecordPath(this.storageFolder, workspaceRoot);
    const record = await readRelayRecord(recordFile, workspaceRoot);
    if (record && isProcessAlive(record.launcherPid) && (await relayAnswers(record.url))) {
      const allowed = record.frameAncestors.split(' ');
      const missing = access.frameAncestors.split(' ').filter((source) => !allowed.includes(source));
      if (missing.length > 0) {
        throw new Error(
          `Baton already runs for this folder (started by another window, process ${record.launcherPid}), ` +
            `but does not let this view frame it (${missing.join(' ')}). Close that window, or open this one at the same address.`,
        );
      }
      this.output.appendLine(`Attaching to the relay another window started (process ${record.launcherPid})`);
      this.attachedLauncher = record.launcherPid;
      return parseRelayUrl(record.url);
    }
    return this.start(workspaceRoot, settings, access, recordFile);
  }

  /** Starts the relay with Baton's launcher and leaves a note for other windows of this folder. */
  private async start(
    workspaceRoot: string,
    settings: vscode.WorkspaceConfiguration,
    access: FrameAccess,
    recordFile: string,
  ): Promise<RelayAddress> {
    const launcherPath = findLauncher(settings.get<string>('launcherPath'), workspaceRoot);
    this.output.appendLine(`Starting ${launcherPath} for ${workspaceRoot}; frames allowed: ${access.frameAncestors}`);
    const running = await startRelay({
      nodePath: settings.get<string>('nodePath')?.trim() || 'node',
      launcherPath,
      workspaceRoot,
      access,
      environment: relayEnvironment(process.env),
      log: (line) => this.output.appendLine(line),
    });
    this.running = running;
    await writeRelayRecord(recordFile, {
      launcherPid: running.pid,
      workspaceRoot,
      url: `${running.address.pageUrl}#token=${running.address.token}`,
      frameAncestors: access.frameAncestors,
    });
    void running.exited.then(async () => {
      await removeRelayRecord(recordFile, running.pid);
      if (this.running === running) {
        this.running = undefined;
        this.connecting = undefined;
      }
    });
    return running.address;
  }

  async stop(): Promise<void> {
    await this.running?.stop();
  }

  dispose(): void {
    void this.stop();
  }
}

/** The editor's own variables stay behind; the launcher keeps the rest (API keys) from the relay's children. */
export function relayEnvironment(environment: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const kept = { ...environment };
  for (const name of Object.keys(kept)) {
    if (name.startsWith('VSCODE_') || name.startsWith('ELECTRON_')) delete kept[name];
  }
  return kept;
}
