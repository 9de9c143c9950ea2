import type { RewindConflict, RewindFile } from '../../lib/protocol/thread-rewind';
import styles from './rewind.module.css';

/** The files a rewind restores or removes, then those it would leave as they are. */
export function RewindFileList({ files, conflicts }: { files: readonly RewindFile[]; conflicts: readonly RewindConflict[] }) {
  if (files.length === 0 && conflicts.length === 0) return null;
  return (
    <ul>
      {files.map((file) => (
        <li key={file.path} data-testid="rewind-file">
          {file.action === 'restore' ? 'Restore' : 'Remove'} <code>{file.path}</code>
        </li>
      ))}
      {conflicts.map((conflict) => (
        <li key={conflict.path} className={styles.conflict} data-testid="rewind-conflict">
          Leave <code>{conflict.path}</code>: {conflict.reason}
        </li>
      ))}
    </ul>
  );
}
