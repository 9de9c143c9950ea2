import { markHiddenText } from './mark-hidden-text';
import styles from './marked-text.module.css';

/** Text with what could hide (long whitespace runs, control and invisible characters) shown as markers. */
export function MarkedText({ text }: { text: string }) {
  return (
    <>
      {markHiddenText(text).map((segment, index) =>
        segment.kind === 'text' ? (
          segment.text
        ) : (
          <mark key={index} className={styles.marker} data-testid="hidden-text-marker" title={segment.title}>
            {segment.label}
          </mark>
        ),
      )}
    </>
  );
}
