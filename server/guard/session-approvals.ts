/**
 * "Approve for this session" (`save: 'session'` on chat/toolCallApprove): the tools a user has
 * approved for the rest of a thread, remembered in memory until the relay stops. A tool the
 * config denies stays denied; this only skips the question.
 */
export class SessionApprovals {
  private readonly toolsByThread = new Map<string, Set<string>>();

  remember(threadId: string, toolName: string): void {
    const tools = this.toolsByThread.get(threadId) ?? new Set<string>();
    tools.add(toolName);
    this.toolsByThread.set(threadId, tools);
  }

  has(threadId: string, toolName: string): boolean {
    return this.toolsByThread.get(threadId)?.has(toolName) ?? false;
  }

  clear(): void {
    this.toolsByThread.clear();
  }
}
