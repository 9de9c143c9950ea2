import type { ReadFileEntry } from '../../lib/protocol/thread-model';
import { Disclosure } from '../disclosure/disclosure';
import styles from './chat.module.css';

/** The agent read a file: named, with its text folded away. */
export function ReadFileNote({ entry }: { entry: ReadFileEntry }) {
  return (
    <Disclosure
      className={styles.readFile}
      summary={
        <>
          {/* The version read stays in the page for a reviewer's tools, not in its text: it is an internal counter. */}
          Read{' '}
          <code data-testid="read-file-path" data-version={entry.version}>
            {entry.path}
          </code>
        </>
      }
    >
      <pre className={styles.fileText}>{entry.content}</pre>
    </Disclosure>
  );
}
