import type { ReadFileEntry } from '../../lib/protocol/acp-threads';
import { Disclosure } from '../disclosure/disclosure';
import styles from './chat.module.css';

/** The agent read a file: named, with its text folded away. */
export function ReadFileNote({ entry }: { entry: ReadFileEntry }) {
  return (
    <Disclosure
      className={styles.readFile}
      summary={
        <>
          Read <code>{entry.path}</code>
          {entry.version === undefined ? null : <span className="read-file-note__version" data-testid="read-file-version" title="The version the agent read (readTextFile's version)"> (version {entry.version})</span>}
        </>
      }
    >
      <pre className={styles.fileText}>{entry.content}</pre>
    </Disclosure>
  );
}
