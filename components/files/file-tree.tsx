'use client';

import type { DirectoryEntry } from '../../lib/protocol/workspace-files';
import { childPath, ROOT_FOLDER } from '../../stores/files-slice';
import { useBatonStore } from '../baton-client/baton-store-context';
import styles from './files.module.css';

/**
 * The workspace's folders, each listed by the relay when first expanded. A tree only once there
 * is an entry to show: a tree must hold tree items, and "Loading…" or "No files" are none.
 */
export function FileTree() {
  const hasEntries = useBatonStore((state) => {
    const root = state.folders.get(ROOT_FOLDER);
    return root?.status === 'loaded' && root.entries.length > 0;
  });
  return (
    <div
      className={styles.tree}
      role={hasEntries ? 'tree' : undefined}
      aria-label={hasEntries ? 'Workspace folders' : undefined}
      data-testid="file-tree"
    >
      <FolderChildren folder={ROOT_FOLDER} depth={0} />
    </div>
  );
}

function FolderChildren({ folder, depth }: { folder: string; depth: number }) {
  const listing = useBatonStore((state) => state.folders.get(folder));
  if (!listing || listing.status === 'loading')
    return (
      <p className={styles.treeNote} style={indent(depth)}>
        Loading…
      </p>
    );
  if (listing.status === 'failed') {
    return (
      <p className={`${styles.treeNote} ${styles.treeError}`} role="alert" style={indent(depth)}>
        {listing.error}
      </p>
    );
  }
  if (listing.entries.length === 0)
    return (
      <p className={styles.treeNote} style={indent(depth)}>
        {depth === 0 ? 'No files to show.' : 'Empty folder'}
      </p>
    );
  return (
    <ul className={styles.treeList} role="group">
      {listing.entries.map((entry) => (
        <TreeEntry key={entry.name} entry={entry} path={childPath(folder, entry.name)} depth={depth} />
      ))}
      {listing.truncated ? (
        <li className={styles.treeNote} style={indent(depth)}>
          More entries than can be listed; use the search box.
        </li>
      ) : null}
    </ul>
  );
}

function TreeEntry({ entry, path, depth }: { entry: DirectoryEntry; path: string; depth: number }) {
  const expanded = useBatonStore((state) => state.expandedFolders.has(path));
  const selected = useBatonStore((state) => state.fileView?.path === path);
  const toggleFolder = useBatonStore((state) => state.toggleFolder);
  const openFile = useBatonStore((state) => state.openFile);
  const isFolder = entry.kind === 'directory' || entry.target === 'directory';
  const isFile = entry.kind === 'file' || entry.target === 'file';
  const unopenable = !isFolder && !isFile;

  return (
    <li role="treeitem" aria-expanded={isFolder ? expanded : undefined} aria-selected={selected}>
      <button
        type="button"
        className={styles.item}
        data-testid="file-item"
        data-kind={isFolder ? 'directory' : isFile ? 'file' : 'other'}
        aria-current={selected ? 'true' : undefined}
        disabled={unopenable}
        title={
          unopenable
            ? `${path}: ${entry.kind === 'symlink' ? 'a link leading out of the workspace or to nothing' : 'not a regular file'}`
            : path
        }
        style={indent(depth)}
        onClick={() => void (isFolder ? toggleFolder(path) : openFile(path))}
      >
        {entry.name}
      </button>
      {isFolder && expanded ? <FolderChildren folder={path} depth={depth + 1} /> : null}
    </li>
  );
}

/**
 * Nested rows are indented by a style set from script, which the CSP allows. The top level gets
 * none: its "Loading…" note is in the prebuilt page, where a style attribute would break the CSP
 * (style-src has no 'unsafe-inline'); the stylesheet pads it instead.
 */
function indent(depth: number) {
  return depth === 0 ? undefined : { paddingLeft: `${8 + depth * 14}px` };
}
