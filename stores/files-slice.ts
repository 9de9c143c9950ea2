/** The workspace's files and the one the file panel shows. */
import { errorMessage } from './baton-rpc';
import type { BatonSliceCreator } from './baton-state';

export interface FilesSlice {
  /** Workspace-relative paths, sorted. */
  files: readonly string[];
  filesError: string | null;
  selectedPath: string | null;
  /** The selected file's text; null while it loads or if it could not be read. */
  fileContent: string | null;
  loadFiles(): Promise<void>;
  openFile(path: string): Promise<void>;
  /** Reloads the list and the selected file (after a reconnect or a turn that may have edited it). */
  refreshFiles(): Promise<void>;
}

export const createFilesSlice: BatonSliceCreator<FilesSlice> = (rpc) => (set, get) => ({
  files: [],
  filesError: null,
  selectedPath: null,
  fileContent: null,

  async loadFiles() {
    try {
      const { matches } = await rpc.request('globSearch', { pattern: '**/*' });
      set({ files: [...matches].sort(), filesError: null });
    } catch (error) {
      set({ filesError: `Could not list the files: ${errorMessage(error)}` });
    }
  },

  async openFile(path) {
    set({ selectedPath: path, fileContent: null, filesError: null });
    try {
      const { content } = await rpc.request('readTextFile', { path });
      if (get().selectedPath === path) set({ fileContent: content });
    } catch (error) {
      if (get().selectedPath === path) set({ filesError: `Could not read ${path}: ${errorMessage(error)}` });
    }
  },

  async refreshFiles() {
    const selectedPath = get().selectedPath;
    await Promise.all([get().loadFiles(), selectedPath ? reloadFile(selectedPath) : Promise.resolve()]);

    // Keeps the old text on screen while the new one loads, unlike `openFile`.
    async function reloadFile(path: string) {
      try {
        const { content } = await rpc.request('readTextFile', { path });
        if (get().selectedPath === path) set({ fileContent: content });
      } catch (error) {
        if (get().selectedPath === path) set({ filesError: `Could not read ${path}: ${errorMessage(error)}` });
      }
    }
  },
});
