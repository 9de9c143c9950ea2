/**
 * The inbox: every question waiting for the user across all threads and agents, and each turn that
 * ended while no tab had its thread open, until a tab opens it ("seen"). Read off the contents the
 * recorder hands to the tabs, as the thread list's status is (thread-activity.ts), so the inbox and
 * the thread's own card never disagree, and nothing of a thread's history is read: what it holds,
 * and what each change costs, grows with what waits, not with the threads' lengths.
 */
import type { InboxItem, InboxItemName, InboxList } from '../../lib/protocol/inbox';
import type { SequencedContentReceivedParams } from '../../lib/protocol/thread-events';
import type { TurnEnd } from './inbox-file';
import { type OpenQuestion, QUESTION_MAPPINGS, questionKey } from './inbox-questions';

/** How the inbox names a thread. */
export interface InboxThreadName {
  title: string;
  agent?: string;
}

export interface InboxOptions {
  /** The thread's title and agent; null once the thread is gone. */
  describe(threadId: string): Promise<InboxThreadName | null>;
  /** Whether a tab has the thread open now: a turn that ends there is seen. */
  isOpen(threadId: string): boolean;
  /** Whether a tab the user can see has the thread open now: nothing is alerted for it. */
  isLookedAt(threadId: string): boolean;
  /** The inbox changed; here it is as it stands. */
  changed(list: InboxList): void;
  /** A question started waiting, or a turn ended, where no one is looking. */
  alert(item: InboxItem): void;
  /** An item left the inbox (answered, seen, its turn over, its thread gone): what told of it can go. */
  withdrawn?(item: InboxItemName): void;
  log(message: string): void;
  now?: () => Date;
  /**
   * A tab here saw the thread's last turn end (it opened the thread, or had it open as the turn
   * ended): a team's other relays, whose tabs did not have it open, drop it from their inboxes too
   * (seenElsewhere).
   */
  seenHere?(threadId: string): void;
  /** The turns that ended unseen before a restart, and where each change to them is kept. */
  unseen?: { ends: ReadonlyMap<string, TurnEnd>; save(ends: ReadonlyMap<string, TurnEnd>): void };
}

export class Inbox {
  private readonly questions = new Map<string, Map<string, OpenQuestion>>();
  private readonly ended: Map<string, TurnEnd>;
  /** Names of the threads listed now, read once each while they stay listed. */
  private readonly names = new Map<string, Promise<InboxThreadName | null>>();
  private publishing: Promise<void> = Promise.resolve();

  constructor(private readonly options: InboxOptions) {
    this.ended = new Map(options.unseen?.ends);
  }

  /** A content the recorder committed, as the thread's tabs get it. */
  observe({ chatId, content }: SequencedContentReceivedParams): void {
    // The many pieces of an answer's text and thoughts neither ask nor answer a question, nor end
    // a turn: they cost the stream nothing here.
    if (content.type === 'text' || content.type === 'reasonText') return;
    const now = this.options.now?.() ?? new Date();
    const alerts: Unnamed[] = [];
    let changed = false;
    for (const mapping of QUESTION_MAPPINGS) {
      const opened = mapping.opens(content, now);
      if (opened) {
        this.questionsOf(chatId).set(questionKey(opened.kind, opened.id), opened);
        changed = true;
        if (!this.options.isLookedAt(chatId)) alerts.push(opened);
      }
      const closed = mapping.closes(content);
      if (closed !== undefined && this.questions.get(chatId)?.delete(questionKey(mapping.kind, closed))) {
        changed = true;
        this.options.withdrawn?.({ threadId: chatId, kind: mapping.kind, id: closed });
      }
    }
    if (content.type === 'progress') {
      const end = content.state === 'finished' ? { outcome: content.outcome ?? 'done', at: now.toISOString() } : undefined;
      // A turn under way makes the last one's end old news; one that ends where no tab has it open is listed.
      const seenHere = end !== undefined && this.options.isOpen(chatId);
      changed = this.setEnded(chatId, end && !seenHere ? end : undefined) || changed;
      if (seenHere) this.options.seenHere?.(chatId);
      if (end) {
        // A turn that ends leaves nothing waiting.
        changed = this.dropQuestions(chatId) || changed;
        // Open in a hidden tab only: seen, so not listed, yet worth a notification.
        if (!this.options.isLookedAt(chatId)) alerts.push({ kind: 'turnEnded', ...end });
      }
    }
    if (changed || alerts.length > 0) this.publish(chatId, alerts);
  }

  /** A tab opened the thread: its ended turn is seen, here and on a team's other relays. */
  seen(threadId: string): void {
    this.seenElsewhere(threadId);
    // Told even when not listed here: a relay that started after the turn ended may list it.
    this.options.seenHere?.(threadId);
  }

  /** A tab of another relay of the team saw the thread's ended turn. */
  seenElsewhere(threadId: string): void {
    if (this.setEnded(threadId, undefined)) this.publish(threadId, []);
  }

  /** The thread was renamed or handed over: its listed name follows. */
  renamed(threadId: string, name: InboxThreadName): void {
    const listed = this.names.get(threadId);
    if (!listed) return;
    // The thread list tells of every status change too; only a new name is worth telling.
    void listed.then((old) => {
      if (old?.title === name.title && old.agent === name.agent) return;
      if (this.names.get(threadId) !== listed) return;
      this.names.set(threadId, Promise.resolve(name));
      this.publish(threadId, []);
    });
  }

  /** The thread was deleted. */
  forget(threadId: string): void {
    const hadQuestions = this.dropQuestions(threadId);
    const had = this.setEnded(threadId, undefined) || hadQuestions;
    this.names.delete(threadId);
    if (had) this.publish(threadId, []);
  }

  /** Resolves once every change so far has been told. */
  published(): Promise<void> {
    return this.publishing;
  }

  /** Everything waiting, oldest first. */
  async list(): Promise<InboxItem[]> {
    const threads = new Set([...this.questions.keys(), ...this.ended.keys()]);
    for (const threadId of [...this.names.keys()]) if (!threads.has(threadId)) this.names.delete(threadId);
    const items: InboxItem[] = [];
    for (const threadId of threads) {
      const name = await this.nameOf(threadId);
      // Gone meanwhile (deleted): nothing of it is listed.
      if (!name) continue;
      const thread = { threadId, threadTitle: name.title, ...(name.agent === undefined ? {} : { agent: name.agent }) };
      for (const question of this.questions.get(threadId)?.values() ?? []) items.push({ ...question, ...thread });
      const end = this.ended.get(threadId);
      if (end) items.push({ kind: 'turnEnded', ...thread, ...end });
    }
    return items.sort((a, b) => timeOf(a).localeCompare(timeOf(b)));
  }

  /** In order: each change is told after the one before it, with the list as it then stands. */
  private publish(threadId: string, alerts: readonly Unnamed[]): void {
    this.publishing = this.publishing
      .then(async () => {
        this.options.changed({ items: await this.list() });
        if (alerts.length === 0) return;
        const name = await this.nameOf(threadId);
        for (const alert of alerts) {
          // Answered before it could be told: nothing to alert.
          if (alert.kind !== 'turnEnded' && !this.questions.get(threadId)?.has(questionKey(alert.kind, alert.id))) continue;
          if (name)
            this.options.alert({ ...alert, threadId, threadTitle: name.title, ...(name.agent === undefined ? {} : { agent: name.agent }) });
        }
      })
      .catch((error: unknown) => this.options.log(`could not update the inbox: ${String(error)}`));
  }

  /** The thread's unseen end is now `end` (none when undefined), kept when it changed; whether it did. */
  private setEnded(threadId: string, end: TurnEnd | undefined): boolean {
    const had = this.ended.delete(threadId);
    if (end) this.ended.set(threadId, end);
    const changed = had || end !== undefined;
    if (changed) this.options.unseen?.save(this.ended);
    if (had && !end) this.options.withdrawn?.({ threadId, kind: 'turnEnded' });
    return changed;
  }

  private dropQuestions(threadId: string): boolean {
    const questions = this.questions.get(threadId);
    this.questions.delete(threadId);
    for (const { kind, id } of questions?.values() ?? []) this.options.withdrawn?.({ threadId, kind, id });
    return questions !== undefined;
  }

  private nameOf(threadId: string): Promise<InboxThreadName | null> {
    let name = this.names.get(threadId);
    if (!name) {
      name = this.options.describe(threadId).catch((error: unknown) => {
        this.options.log(`could not name thread ${threadId} in the inbox: ${String(error)}`);
        return { title: threadId };
      });
      this.names.set(threadId, name);
    }
    return name;
  }

  private questionsOf(threadId: string): Map<string, OpenQuestion> {
    let questions = this.questions.get(threadId);
    if (!questions) this.questions.set(threadId, (questions = new Map()));
    return questions;
  }
}

/** An item before the inbox names its thread. */
type Unnamed = OpenQuestion | Omit<Extract<InboxItem, { kind: 'turnEnded' }>, 'threadId' | 'threadTitle' | 'agent'>;

function timeOf(item: InboxItem): string {
  return item.kind === 'turnEnded' ? item.at : item.since;
}
