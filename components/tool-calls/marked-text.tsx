import { markHiddenText } from './mark-hidden-text';

/** Text with what could hide (long whitespace runs, control and invisible characters) shown as markers. */
export function MarkedText({ text }: { text: string }) {
  return (
    <>
      {markHiddenText(text).map((segment, index) =>
        segment.kind === 'text' ? (
          segment.text
        ) : (
          <mark key={index} className="hidden-text-marker" data-testid="hidden-text-marker" title={segment.title}>
            {segment.label}
          </mark>
        ),
      )}
    </>
  );
}
