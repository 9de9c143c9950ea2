/**
 * A `threadRewound` content folded into a tab's loaded entries: the thread now ends at `toEntry`.
 * Runs once per rewind, so its cost (the loaded entries) is no concern of the streaming path.
 */
import { entriesOf, type EntryList, entryListOf } from './entry-list';

export function rewindEntryList(list: EntryList, toEntry: number): EntryList {
  const loaded = entriesOf(list);
  if (list.firstIndex + loaded.length <= toEntry) return list;
  // A rewind to before what is loaded leaves nothing loaded; the list then starts at the new end.
  const firstIndex = Math.min(list.firstIndex, toEntry);
  return entryListOf(loaded.slice(0, toEntry - firstIndex), firstIndex, list.reachesEnd);
}
