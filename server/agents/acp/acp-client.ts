/**
 * Baton's side of the ACP methods an agent calls (https://agentclientprotocol.com/protocol/overview#client):
 * permission requests, file reads and writes, terminals. Each is answered for the turn running on
 * the session it names; one that comes outside any turn is refused (permission: `cancelled`).
 */
import { type Client, RequestError } from '@agentclientprotocol/sdk';
import type { Workspace } from '../../workspace/workspace';
import type { ApprovalPolicy } from '../builtin/policy/approval-policy';
import type { AcpActiveTurn } from './acp-active-turn';
import { plannedChange, readWorkspaceText, writeWorkspaceText } from './acp-files';
import type { AcpTerminals } from './acp-terminals';

export interface AcpClientDependencies {
  workspace: Workspace;
  policy: ApprovalPolicy;
  terminals: AcpTerminals;
  activeTurn(sessionId: string): AcpActiveTurn | undefined;
  /** Resolves once every session/update received so far is shown, so a request never overtakes them. */
  updatesShown(): Promise<void>;
  onSessionUpdate(params: unknown): void;
  log(message: string): void;
}

export function createAcpClient(deps: AcpClientDependencies): Client {
  const turnOf = async (sessionId: string): Promise<AcpActiveTurn> => {
    await deps.updatesShown();
    const active = deps.activeTurn(sessionId);
    if (!active) throw RequestError.invalidRequest({ sessionId }, 'no prompt turn is running on this session');
    return active;
  };
  const refused = (what: string) => new RequestError(-32000, `Permission denied: ${what} was refused`);

  return {
    async requestPermission(request) {
      await deps.updatesShown();
      const active = deps.activeTurn(request.sessionId);
      return active ? active.requestPermission(request) : { outcome: { outcome: 'cancelled' } };
    },
    // The stream hands session/update to the adapter before the SDK sees it (acp-stream.ts);
    // this is here for completeness of the interface.
    sessionUpdate(params) {
      deps.onSessionUpdate(params);
    },
    async readTextFile(request) {
      const verdict = deps.policy.decide({ name: 'read_text_file', arguments: { path: request.path }, readOnly: true });
      if (verdict.decision === 'deny') throw refused(`reading ${request.path} (Baton's config)`);
      return { content: await readWorkspaceText(deps.workspace, request) };
    },
    async writeTextFile(request) {
      const active = await turnOf(request.sessionId);
      const planned = await plannedChange(deps.workspace, request.path, request.content);
      const target = await active.authorize({
        name: 'write_text_file',
        summary: `Writing ${planned.path}`,
        arguments: { path: request.path },
        details: planned,
        readOnly: false,
      });
      if (!target) throw refused(`writing ${planned.path}`);
      await active.written(target, await writeWorkspaceText(deps.workspace, request.path, request.content));
      return {};
    },
    async createTerminal(request) {
      const active = await turnOf(request.sessionId);
      const commandLine = [request.command, ...(request.args ?? [])].join(' ');
      const target = await active.authorize({
        name: 'terminal',
        summary: `Running ${commandLine}`,
        arguments: { command: request.command, args: request.args ?? [], ...(request.cwd ? { cwd: request.cwd } : {}) },
        readOnly: false,
      });
      if (!target) throw refused(`running ${commandLine}`);
      const created = await deps.terminals.create(request);
      active.terminalStarted(created.terminalId, target);
      void deps.terminals
        .waitForExit(created.terminalId)
        .then((exit) => active.terminalExited(created.terminalId, deps.terminals.peekOutput(created.terminalId) ?? '', exit.exitCode))
        .catch((error: unknown) => deps.log(`the end of terminal ${created.terminalId} could not be shown: ${String(error)}`));
      return created;
    },
    terminalOutput(request) {
      return deps.terminals.output(request.terminalId);
    },
    waitForTerminalExit(request) {
      return deps.terminals.waitForExit(request.terminalId);
    },
    killTerminal(request) {
      deps.terminals.kill(request.terminalId);
      return {};
    },
    releaseTerminal(request) {
      deps.terminals.release(request.terminalId);
      return {};
    },
  };
}
