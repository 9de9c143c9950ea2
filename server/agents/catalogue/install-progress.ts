/** What an install tells of its progress (`agents/installProgress` without the agent's id). */
import type { AgentsInstallProgress } from '../../../lib/protocol/agent-catalogue';

export type InstallProgress = Omit<AgentsInstallProgress, 'id'>;
export type ReportProgress = (progress: InstallProgress) => void;
