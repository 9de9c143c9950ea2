/**
 * The "Baton" view beside the editor: a webview that frames the relay's page in its compact embed
 * layout (`?embed=1`) and passes the token and the editor's contexts to it (webview/main.ts).
 */
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import type { EditorContext } from './editor-context';
import type { ConnectedRelay, RelayConnection } from './relay-connection';
import { webviewHtml } from './webview-html';
import { type HostToWebview, isWebviewToHost, type WebviewToHost } from './webview-messages';

export const VIEW_ID = 'baton.chat';

export class BatonViewProvider implements vscode.WebviewViewProvider {
  private view: vscode.WebviewView | undefined;
  private relay: ConnectedRelay | undefined;
  /** Contexts the commands sent before the view showed Baton. */
  private readonly pendingContexts: EditorContext[] = [];
  private framedAndReady = false;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly connection: RelayConnection,
    private readonly output: vscode.OutputChannel,
  ) {}

  resolveWebviewView(view: vscode.WebviewView): void {
    this.view = view;
    this.framedAndReady = false;
    view.webview.options = { enableScripts: true, localResourceRoots: [vscode.Uri.joinPath(this.extensionUri, 'dist')] };
    view.webview.onDidReceiveMessage((message: unknown) => {
      if (isWebviewToHost(message)) void this.onMessage(view, message);
    });
    view.onDidDispose(() => {
      if (this.view === view) this.view = undefined;
    });
    this.render(view, this.relay ? undefined : 'Starting Baton… (the first start builds its page, about a minute)');
  }

  /** Puts a context in the composer, showing the view first. */
  async addContext(context: EditorContext): Promise<void> {
    this.pendingContexts.push(context);
    await vscode.commands.executeCommand(`${VIEW_ID}.focus`);
    this.flushContexts();
  }

  private async onMessage(view: vscode.WebviewView, message: WebviewToHost): Promise<void> {
    switch (message.type) {
      case 'webview-ready':
        if (message.framed && this.relay) {
          this.post({ type: 'relay', token: this.relay.token });
          this.framedAndReady = true;
          this.flushContexts();
          return;
        }
        try {
          this.relay = await this.connection.connect(message.origins);
          this.render(view);
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          this.output.appendLine(`Baton could not start: ${reason}`);
          this.render(view, `Baton could not start.\n\n${reason}\n\nThe "Baton" output panel has the details.`);
        }
        return;
      case 'page-ready':
        this.output.appendLine('The Baton page is listening.');
        return;
      case 'open-external':
        await this.openExternal(message.url);
        return;
      default: {
        const unknown: never = message;
        this.output.appendLine(`Ignored a message from the webview: ${JSON.stringify(unknown)}`);
      }
    }
  }

  /** Opens only the relay's own pages: the framed page is the relay's, but is not trusted to name other sites. */
  private async openExternal(url: string): Promise<void> {
    let parsed: URL;
    try {
      parsed = new URL(url, this.relay?.frameSource);
    } catch {
      this.output.appendLine(`Not opened: ${JSON.stringify(url)} is not a URL.`);
      return;
    }
    if (!this.relay || parsed.origin !== this.relay.frameOrigin) {
      this.output.appendLine(`Not opened: ${parsed.origin} is not Baton's address.`);
      return;
    }
    await vscode.env.openExternal(vscode.Uri.parse(parsed.toString(), true));
  }

  private render(view: vscode.WebviewView, status?: string): void {
    this.framedAndReady = false;
    const webview = view.webview;
    const dist = vscode.Uri.joinPath(this.extensionUri, 'dist');
    webview.html = webviewHtml({
      nonce: randomBytes(16).toString('base64'),
      cspSource: webview.cspSource,
      scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(dist, 'webview.js')).toString(),
      styleUri: webview.asWebviewUri(vscode.Uri.joinPath(dist, 'webview.css')).toString(),
      frame: status === undefined && this.relay ? { src: this.relay.frameSource, origin: this.relay.frameOrigin } : undefined,
      status: status ?? '',
    });
  }

  private flushContexts(): void {
    if (!this.framedAndReady) return;
    for (const context of this.pendingContexts.splice(0)) this.post({ type: 'add-context', context });
  }

  private post(message: HostToWebview): void {
    void this.view?.webview.postMessage(message);
  }
}
