import type { FileChangeDetails } from '../../lib/protocol/eca-chat';
import { MarkedText } from './marked-text';
import { parseUnifiedDiff } from './parse-unified-diff';

export function DiffView({ details }: { details: FileChangeDetails }) {
  return (
    <figure className="diff">
      <figcaption className="diff__caption">
        <code>
          <MarkedText text={details.path} />
        </code> <span className="diff__count diff__count--added">+{details.linesAdded}</span>{' '}
        <span className="diff__count diff__count--removed">−{details.linesRemoved}</span>
      </figcaption>
      {'\n'}
      <pre className="diff__lines" data-testid="tool-call-diff">
        {parseUnifiedDiff(details.diff).map((line, index) => (
          <span key={index} className={`diff__line diff__line--${line.kind}`}>
            <MarkedText text={line.text} />
            {'\n'}
          </span>
        ))}
      </pre>
    </figure>
  );
}
