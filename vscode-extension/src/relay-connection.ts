/**
 * The relay the view shows: one per window, for the first workspace folder. Attaches to the relay
 * named by the `baton.url` setting (the URL a running Baton printed), or starts one with Baton's
 * launcher. Then maps its address into one the webview can reach (`vscode.env.asExternalUri`: the
 * same address in VS Code desktop, code-server's `/proxy/<port>/` path in code-server).
 */
import * as vscode from 'vscode';
import { frameAccessFor } from './frame-access';
import { findLauncher } from './launcher-location';
import { parseRelayUrl, type RelayAddress } from './ready-line';
import { startRelay, type RunningRelay } from './relay-process';

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

  constructor(private readonly output: vscode.OutputChannel) {}

  /** The relay, started or attached once; `webviewOrigins` are the frames the relay must allow. */
  connect(webviewOrigins: readonly string[]): Promise<ConnectedRelay> {
    this.connecting ??= this.open(webviewOrigins).catch((error: unknown) => {
      // A failed start may be retried when the view is shown again.
      this.connecting = undefined;
      throw error;
    });
    return this.connecting;
  }

  private async open(webviewOrigins: readonly string[]): Promise<ConnectedRelay> {
    const folder = vscode.workspace.workspaceFolders?.[0];
    if (!folder || folder.uri.scheme !== 'file') throw new Error('Open a folder to use Baton: it works on the folder open in this window.');
    const workspaceRoot = folder.uri.fsPath;
    const settings = vscode.workspace.getConfiguration('baton', folder.uri);
    const attachUrl = settings.get<string>('url')?.trim();
    let address: RelayAddress;
    if (attachUrl) {
      address = parseRelayUrl(attachUrl);
      this.output.appendLine(`Attaching to the relay at ${address.pageUrl} (baton.url)`);
    } else {
      const launcherPath = findLauncher(settings.get<string>('launcherPath'), workspaceRoot);
      const access = frameAccessFor(webviewOrigins);
      this.output.appendLine(`Starting ${launcherPath} for ${workspaceRoot}; frames allowed: ${access.frameAncestors}`);
      this.running = await startRelay({
        nodePath: settings.get<string>('nodePath')?.trim() || 'node',
        launcherPath,
        workspaceRoot,
        access,
        environment: relayEnvironment(process.env),
        log: (line) => this.output.appendLine(line),
      });
      address = this.running.address;
      void this.running.exited.then(() => {
        this.running = undefined;
        this.connecting = undefined;
      });
    }
    const external = await vscode.env.asExternalUri(vscode.Uri.parse(address.pageUrl));
    const frameUrl = new URL(external.toString(true));
    frameUrl.searchParams.set('embed', '1');
    this.output.appendLine(`Baton is shown from ${frameUrl.origin}${frameUrl.pathname}`);
    return { token: address.token, workspaceRoot, frameSource: frameUrl.toString(), frameOrigin: frameUrl.origin };
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
