import { memo } from 'react';
import { MarkedText } from './marked-text';
import { type AnsiRun, parseAnsi } from './parse-ansi';
import styles from './terminal-output.module.css';

/**
 * A command's output as a terminal shows it: dark, monospaced, its ANSI colours rendered as
 * classes on spans (text stays text: nothing in the output is ever read as markup).
 */
export const TerminalOutput = memo(function TerminalOutput({
  output,
  command,
  live = false,
  testId,
}: {
  output: string;
  /** Shown first, after a prompt sign, as a terminal would echo it. */
  command?: string;
  live?: boolean;
  testId?: string;
}) {
  return (
    <pre className={styles.terminal} aria-live={live ? 'polite' : undefined}>
      {command ? (
        <span className={styles.command}>
          <span className={styles.prompt} aria-hidden="true">
            ${' '}
          </span>
          <MarkedText text={command} />
          {'\n'}
        </span>
      ) : null}
      <span data-testid={testId}>
        {parseAnsi(output).map((run, index) => (
          <span key={index} className={runClasses(run)} data-ansi-foreground={run.style.foreground}>
            {run.text}
          </span>
        ))}
      </span>
    </pre>
  );
});

function runClasses({ style }: AnsiRun): string | undefined {
  const foreground = style.inverse ? (style.background ?? 'inverse-foreground') : style.foreground;
  const background = style.inverse ? (style.foreground ?? 'inverse-background') : style.background;
  const classes = [
    foreground ? styles[`fg-${foreground}`] : '',
    background ? styles[`bg-${background}`] : '',
    style.bold ? styles.bold : '',
    style.dim ? styles.dim : '',
    style.italic ? styles.italic : '',
    style.underline ? styles.underline : '',
  ].filter(Boolean);
  return classes.length > 0 ? classes.join(' ') : undefined;
}
