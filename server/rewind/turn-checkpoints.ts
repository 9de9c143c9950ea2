/**
 * Which turns get workspace checkpoints, and the rewind's use of them. Only the turns of agents
 * that write files themselves (ECA, Autohand, Emacs-Agent) get them: the built-in agent's writes
 * and an ACP agent's `fs/write_text_file` pass through Baton and are kept by FileHistory.
 * A checkpoint that fails (no git on the machine, a full disk) is logged and the turn goes on: a
 * rewind then restores what it can and its preview lists only what it knows.
 */
import path from 'node:path';
import type { AgentRegistry } from '../agents/agent-registry';
import type { AgentEntry } from '../agents/agents-config';
import type { Workspace } from '../workspace/workspace';
import type { RewindConflict, RewindFile } from '../../lib/protocol/thread-rewind';
import type { RestorePlan } from './file-history';
import { CheckpointRestore, type RestoreOptions } from './checkpoint-restore';
import { ShadowGit } from './shadow-git';
import { type CheckpointPhase, WorkspaceCheckpoints } from './workspace-checkpoints';

/** Agents whose protocol lets them change the workspace without asking Baton to write. */
export const SELF_WRITING_AGENT_KINDS: ReadonlySet<AgentEntry['kind']> = new Set(['eca', 'autohand', 'emacs-agent']);

export class TurnCheckpoints {
  constructor(
    private readonly checkpoints: WorkspaceCheckpoints,
    private readonly restorer: CheckpointRestore,
    /** Whether the named configured agent's turns get checkpoints. */
    private readonly wanted: (agent: string) => boolean,
    private readonly log: (message: string) => void,
  ) {}

  /**
   * Takes the start checkpoint of a turn whose user message stands at `position`, when its agent
   * gets checkpoints; resolves to what takes the end checkpoint once the turn is over.
   */
  async begin(threadId: string, agent: string, position: number): Promise<(() => Promise<void>) | undefined> {
    if (!this.wanted(agent)) return undefined;
    await this.take(threadId, position, 'start');
    return () => this.take(threadId, position, 'end');
  }

  plan(threadId: string, toEntry: number): Promise<RestorePlan> {
    return this.restorer.plan(threadId, toEntry);
  }

  restore(threadId: string, toEntry: number, options: RestoreOptions): Promise<{ restored: RewindFile[]; conflicts: RewindConflict[] }> {
    return this.restorer.restore(threadId, toEntry, options);
  }

  /** The removed turns' checkpoints go with them, whether their files were restored or not. */
  forget(threadId: string, fromEntry: number): Promise<void> {
    return this.checkpoints.forget(threadId, fromEntry);
  }

  private async take(threadId: string, position: number, phase: CheckpointPhase): Promise<void> {
    try {
      const { skipped } = await this.checkpoints.take(threadId, position, phase);
      if (skipped.length > 0) this.log(`checkpoint of thread ${threadId}: left out ${skipped.length} file(s) over the size limit (${skipped.map((file) => file.path).join(', ')})`);
    } catch (error) {
      this.log(`could not take the ${phase} checkpoint of a turn in thread ${threadId}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/** The relay's checkpoints: the shadow repository in Baton's data folder, for the agents that write themselves. */
export function relayTurnCheckpoints(options: { dataDir: string; workspace: Workspace; agents: AgentRegistry; log: (message: string) => void }): TurnCheckpoints {
  const { dataDir, workspace, agents, log } = options;
  const checkpoints = new WorkspaceCheckpoints(new ShadowGit(path.join(dataDir, 'workspace-checkpoints.git'), workspace.root, [dataDir]));
  const wanted = (agent: string) => {
    const kind = agents.kindOf(agent);
    return kind !== undefined && SELF_WRITING_AGENT_KINDS.has(kind);
  };
  return new TurnCheckpoints(checkpoints, new CheckpointRestore(checkpoints, workspace), wanted, log);
}
