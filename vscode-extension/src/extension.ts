/**
 * Baton in VS Code and code-server: a view that shows Baton for the open folder, and commands that
 * put the current file or selection into Baton's composer.
 */
import * as vscode from 'vscode';
import { BatonViewProvider, VIEW_ID } from './baton-view';
import { fileContext, selectionContext } from './editor-context';
import { RelayConnection } from './relay-connection';

let connection: RelayConnection | undefined;

export function activate(context: vscode.ExtensionContext): void {
  const output = vscode.window.createOutputChannel('Baton');
  connection = new RelayConnection(output, context.globalStorageUri.fsPath);
  const provider = new BatonViewProvider(context.extensionUri, connection, output);
  context.subscriptions.push(
    output,
    connection,
    vscode.window.registerWebviewViewProvider(VIEW_ID, provider, { webviewOptions: { retainContextWhenHidden: true } }),
    vscode.commands.registerCommand('baton.addFileToContext', async (resource?: vscode.Uri) => {
      const uri = resource instanceof vscode.Uri ? resource : vscode.window.activeTextEditor?.document.uri;
      const filePath = localPath(uri);
      if (filePath) await provider.addContext(fileContext(filePath, workspaceRoot()));
    }),
    vscode.commands.registerCommand('baton.addSelectionToContext', async () => {
      const editor = vscode.window.activeTextEditor;
      const filePath = localPath(editor?.document.uri);
      if (!editor || !filePath) return;
      const { start, end } = editor.selection;
      const selection = { start: { line: start.line, character: start.character }, end: { line: end.line, character: end.character } };
      await provider.addContext(selectionContext(filePath, workspaceRoot(), selection));
    }),
  );
}

export async function deactivate(): Promise<void> {
  await connection?.stop();
}

function workspaceRoot(): string | undefined {
  const folder = vscode.workspace.workspaceFolders?.[0];
  return folder?.uri.scheme === 'file' ? folder.uri.fsPath : undefined;
}

function localPath(uri: vscode.Uri | undefined): string | undefined {
  if (!uri) {
    void vscode.window.showInformationMessage('Baton: open a file first.');
    return undefined;
  }
  if (uri.scheme !== 'file') {
    void vscode.window.showInformationMessage(`Baton: only files on disk can be added (this one is ${uri.scheme}:).`);
    return undefined;
  }
  return uri.fsPath;
}
