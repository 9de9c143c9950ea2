/**
 * What each connected tab shows: the thread it has open and whether its page can be seen (the
 * Page Visibility API), both told by `tab/visibility`. A thread is looked at when a visible tab has it
 * open; the inbox alerts no one of what happens there.
 */
export interface TabView {
  /** The thread this tab shows, if any. */
  watchedThread(): string | undefined;
  /** Until the tab says otherwise it counts as seen: a script or an editor never says. */
  visible: boolean;
}

export class TabViews {
  private readonly views = new Set<TabView>();

  /** Keeps the tab's view until the returned function is called (the tab left). */
  add(view: TabView): () => void {
    this.views.add(view);
    return () => this.views.delete(view);
  }

  isLookedAt(threadId: string): boolean {
    for (const view of this.views) if (view.visible && view.watchedThread() === threadId) return true;
    return false;
  }
}
