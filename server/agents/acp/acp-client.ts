/**
 * Baton's side of the ACP methods an agent calls (https://agentclientprotocol.com/protocol/overview#client):
 * permission requests, questions to the user (acp-elicitations.ts), file reads and writes, terminals. Each is answered for the turn running on
 * the session it names; one that comes outside any turn is refused (permission: `cancelled`).
 */
import type { Client } from '@agentclientprotocol/sdk';
import { callCommands } from '../../guard/call-commands';
import { sandboxChoiceFor } from '../../guard/sandbox-choice';
import type { Workspace } from '../../workspace/workspace';
import type { ApprovalPolicy } from '../../guard/approval-policy';
import type { AcpActiveTurn } from './acp-active-turn';
import { acpRequestError } from './acp-sdk';
import { judgedFilePath, plannedChange, readWorkspaceText, writeWorkspaceText } from './acp-files';
import type { AcpTerminals } from './acp-terminals';
import type { AcpElicitations } from './acp-elicitations';

export interface AcpClientDependencies {
  workspace: Workspace;
  policy: ApprovalPolicy;
  terminals: AcpTerminals;
  elicitations: AcpElicitations;
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
    if (!active) throw acpRequestError().invalidRequest({ sessionId }, 'no prompt turn is running on this session');
    return active;
  };
  const refused = (what: string) => new (acpRequestError())(-32000, `Permission denied: ${what} was refused`);

  return {
    async requestPermission(request) {
      await deps.updatesShown();
      const active = deps.activeTurn(request.sessionId);
      return active ? active.requestPermission(request) : { outcome: { outcome: 'cancelled' } };
    },
    // A question shows in the thread after what the agent said before it.
    createElicitation(request) {
      return deps.elicitations.create(request, async (sessionId) => {
        await deps.updatesShown();
        return deps.activeTurn(sessionId)?.turn;
      });
    },
    completeElicitation(params) {
      return deps.elicitations.complete(params);
    },
    // The stream hands session/update to the adapter before the SDK sees it (acp-stream.ts);
    // this is here for completeness of the interface.
    sessionUpdate(params) {
      deps.onSessionUpdate(params);
    },
    async readTextFile(request) {
      const paths = await judgedFilePath(deps.workspace, 'read_text_file', request.path);
      const verdict = deps.policy.decide({ name: 'read_text_file', arguments: { path: request.path }, readOnly: true, paths });
      if (verdict.decision === 'deny') throw refused(`reading ${request.path} (Baton's config)`);
      if (verdict.decision === 'ask') {
        // A rule asks about this file: the user is asked, whatever call of the agent's it serves.
        const active = await turnOf(request.sessionId);
        const shownPath = paths[0]?.path ?? request.path;
        const own = {
          action: 'read' as const,
          name: 'read_text_file',
          summary: `Reading ${shownPath}`,
          arguments: { path: request.path },
          readOnly: true,
          paths,
        };
        const target = await active.authorize(own, { ownCard: true });
        if (!target) throw refused(`reading ${shownPath}`);
        const content = await readWorkspaceText(deps.workspace, request);
        await active.read(target, shownPath);
        return { content };
      }
      return { content: await readWorkspaceText(deps.workspace, request) };
    },
    async writeTextFile(request) {
      const active = await turnOf(request.sessionId);
      const paths = await judgedFilePath(deps.workspace, 'write_text_file', request.path);
      const verdict = deps.policy.decide({ name: 'write_text_file', arguments: { path: request.path }, readOnly: false, paths });
      // Deny wins even over the agent's own call that the user approved.
      if (verdict.decision === 'deny') throw refused(`writing ${request.path} (Baton's config)`);
      const planned = await plannedChange(deps.workspace, request.path, request.content);
      const own = {
        action: 'write' as const,
        name: 'write_text_file',
        summary: `Writing ${planned.path}`,
        arguments: { path: request.path },
        details: planned,
        readOnly: false,
        paths,
      };
      // A change inside .git, or one a rule about the path asks about, gets its own question.
      const target = await active.authorize(own, { ownCard: verdict.alwaysAsks !== undefined });
      if (!target) throw refused(`writing ${planned.path}`);
      // Kept for a rewind of the thread, as the call it belongs to (or the card of its own).
      const toolCallId = target.state?.id ?? target.ownCall?.id;
      const write = () => writeWorkspaceText(deps.workspace, request.path, request.content);
      const details = active.turn.trackFileChanges ? await active.turn.trackFileChanges([request.path], write, toolCallId) : await write();
      await active.written(target, details);
      return {};
    },
    async createTerminal(request) {
      const active = await turnOf(request.sessionId);
      const commandLine = [request.command, ...(request.args ?? [])].join(' ');
      const args = { command: request.command, args: request.args ?? [], ...(request.cwd ? { cwd: request.cwd } : {}) };
      // Judged as what it runs, whatever call it serves: `sh -c "rm …"` is an `rm`, and deny wins.
      const commands = await callCommands({ name: 'terminal', arguments: args });
      const verdict = deps.policy.decide({ name: 'terminal', arguments: args, readOnly: false, commands });
      if (verdict.decision === 'deny') throw refused(`running ${commandLine} (Baton's config)`);
      const target = await active.authorize(
        { action: 'execute', name: 'terminal', summary: `Running ${commandLine}`, arguments: args, readOnly: false },
        { ownCard: verdict.alwaysAsks !== undefined },
      );
      if (!target) throw refused(`running ${commandLine}`);
      const created = await deps.terminals.create(request, sandboxChoiceFor(verdict, deps.terminals.sandboxDefaults()));
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
