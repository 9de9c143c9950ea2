/**
 * The file panel's state: a tree of the workspace's folders, each listed when first expanded
 * (`listDirectory`), a quick-open search (`globSearch`), and the viewer of one file (file-view.ts).
 */
import type { DirectoryEntry } from '../lib/protocol/workspace-files';
import { errorMessage } from './baton-rpc';
import type { BatonSliceCreator } from './baton-state';
import type { FileView } from './file-view';

/** The viewer's loading code (file kinds, pictures, pages) comes with the first file opened, not with the page. */
const viewLoader = () => import('./file-view');

export const ROOT_FOLDER = '.';
/** Matches a quick-open search shows. */
export const QUICK_OPEN_LIMIT = 50;

export type FolderListing =
  | { status: 'loading' }
  | { status: 'loaded'; entries: readonly DirectoryEntry[]; truncated: boolean }
  | { status: 'failed'; error: string };

export interface QuickOpenResult {
  matches: readonly string[];
  truncated: boolean;
}

export interface FilesSlice {
  /** Listings by workspace-relative folder path (`.` is the workspace). */
  folders: ReadonlyMap<string, FolderListing>;
  expandedFolders: ReadonlySet<string>;
  /** What the viewer shows; null before a file is chosen. */
  fileView: FileView | null;
  toggleFolder(path: string): Promise<void>;
  openFile(path: string): Promise<void>;
  /** Shows the page of the open text file that starts after `lineOffset` lines. */
  showFilePage(lineOffset: number): Promise<void>;
  findFiles(query: string): Promise<QuickOpenResult>;
  /** Lists the expanded folders again and rereads the open file (after a reconnect or a turn that may have changed them). */
  refreshFiles(): Promise<void>;
}

export function childPath(folder: string, name: string): string {
  return folder === ROOT_FOLDER ? name : `${folder}/${name}`;
}

/** `**` then the query between `*`s: a file whose path contains it, in any case. Glob characters typed are taken literally-ish: dropped. */
export function quickOpenPattern(query: string): string {
  const literal = query.trim().replace(/[*?{}\\]/g, '');
  return literal.length === 0 ? '**/*' : `**/*${literal}*`;
}

export const createFilesSlice: BatonSliceCreator<FilesSlice> = (rpc) => (set, get) => {
  const setFolder = (path: string, listing: FolderListing) => set((state) => ({ folders: new Map(state.folders).set(path, listing) }));

  /**
   * Each folder's newest listing request: an older one answered after it (the listing asked for on
   * connecting, overtaken by a Refresh) would show the folder as it was before.
   */
  const newestListing = new Map<string, number>();
  let listings = 0;

  async function loadFolder(path: string, { keepShown = false } = {}): Promise<void> {
    if (!keepShown || !get().folders.has(path)) setFolder(path, { status: 'loading' });
    const listing = ++listings;
    newestListing.set(path, listing);
    const isNewest = () => newestListing.get(path) === listing;
    try {
      const { entries, truncated } = await rpc.request('listDirectory', { path, gitignore: true });
      if (isNewest()) setFolder(path, { status: 'loaded', entries: sortEntries(entries), truncated });
    } catch (error) {
      if (!isNewest()) return;
      setFolder(path, {
        status: 'failed',
        error: `Could not list ${path === ROOT_FOLDER ? 'the workspace' : path}: ${errorMessage(error)}`,
      });
    }
  }

  /** Sets the view only if the user has not opened another file meanwhile. */
  const showIfStillOpen = (view: FileView) => {
    if (get().fileView?.path === view.path) set({ fileView: replacing(get().fileView, view) });
  };

  return {
    folders: new Map(),
    expandedFolders: new Set([ROOT_FOLDER]),
    fileView: null,

    async toggleFolder(path) {
      const expanded = new Set(get().expandedFolders);
      if (expanded.delete(path)) {
        set({ expandedFolders: expanded });
        return;
      }
      set({ expandedFolders: expanded.add(path) });
      if (get().folders.get(path)?.status !== 'loaded') await loadFolder(path);
    },

    async openFile(path) {
      set({ fileView: replacing(get().fileView, { kind: 'loading', path }) });
      const { loadFileView } = await viewLoader();
      showIfStillOpen(await loadFileView(rpc, path));
    },

    async showFilePage(lineOffset) {
      const view = get().fileView;
      if (view?.kind !== 'text') return;
      const { loadTextPage } = await viewLoader();
      showIfStillOpen(await loadTextPage(rpc, view.path, Math.max(0, lineOffset)));
    },

    async findFiles(query) {
      const { matches, truncated } = await rpc.request('globSearch', {
        pattern: quickOpenPattern(query),
        ignoreCase: true,
        limit: QUICK_OPEN_LIMIT,
      });
      return { matches, truncated: truncated ?? false };
    },

    async refreshFiles() {
      const { expandedFolders, fileView } = get();
      const folders = [...expandedFolders].map((path) => loadFolder(path, { keepShown: true }));
      await Promise.all([...folders, fileView ? rereadFile(fileView) : Promise.resolve()]);
    },
  };

  /** The open file again; a text file keeps its page, and its view is only replaced when the file changed. */
  async function rereadFile(view: FileView): Promise<void> {
    const { loadFileView, loadTextPage } = await viewLoader();
    if (view.kind !== 'text') {
      if (view.kind !== 'loading') showIfStillOpen(await loadFileView(rpc, view.path));
      return;
    }
    const page = await loadTextPage(rpc, view.path, view.lineOffset);
    if (page.kind !== 'text' || page.version !== view.version) showIfStillOpen(page);
  }
};

/** Names as a person sorts them: `README.md` among the r's, `file10` after `file9`. */
const nameOrder = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Folders first, then files, each by name. */
function sortEntries(entries: readonly DirectoryEntry[]): DirectoryEntry[] {
  const isFolder = (entry: DirectoryEntry) => entry.kind === 'directory' || entry.target === 'directory';
  return [...entries].sort((left, right) => Number(isFolder(right)) - Number(isFolder(left)) || compareNames(left.name, right.name));
}

function compareNames(left: string, right: string): number {
  // Names equal but for case still get one order, so a listing never reshuffles.
  return nameOrder.compare(left, right) || (left < right ? -1 : left > right ? 1 : 0);
}

/** The next view; a picture's object URL is let go once no view shows it. */
function replacing(previous: FileView | null, next: FileView): FileView {
  if (previous?.kind === 'image' && (next.kind !== 'image' || next.url !== previous.url)) URL.revokeObjectURL(previous.url);
  return next;
}
