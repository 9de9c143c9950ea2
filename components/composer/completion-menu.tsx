'use client';

import type { ChatContext } from '../../lib/protocol/eca-chat';
import type { ChatCommand } from '../../lib/protocol/eca/chat-methods';
import styles from './composer.module.css';
import { contextDetail, contextKindLabel, contextLabel } from './context-label';
import { optionKey, type CompletionMenuState } from './use-completion';

export const COMPLETION_MENU_ID = 'composer-completion-menu';

export function completionOptionId(index: number): string {
  return `${COMPLETION_MENU_ID}-option-${index}`;
}

/**
 * The `@` or `/` suggestions above the prompt box. Focus stays in the box (a press on an option
 * does not take it), which names the active option through `aria-activedescendant`.
 */
export function CompletionMenu({
  menu,
  onChoose,
  onHover,
}: {
  menu: CompletionMenuState;
  onChoose: (index: number) => void;
  onHover: (index: number) => void;
}) {
  const { options, activeIndex, error } = menu;
  const isContext = options.kind === 'context';
  const rows = options.kind === 'context' ? options.items.map(contextRow) : options.items.map(commandRow);

  return (
    <div className={styles.menu} data-testid={isContext ? 'context-menu' : 'command-menu'}>
      {error ? <p className={styles.error}>Could not load suggestions: {error}</p> : null}
      <ul id={COMPLETION_MENU_ID} role="listbox" aria-label={isContext ? 'Contexts' : 'Commands'} className={styles.menuList}>
        {rows.map(({ label, kind, detail }, index) => (
          <li
            key={optionKey(options, index)}
            id={completionOptionId(index)}
            role="option"
            aria-selected={index === activeIndex}
            className={styles.menuOption}
            data-testid={isContext ? 'context-option' : 'command-option'}
            onMouseDown={(event) => event.preventDefault()}
            onMouseEnter={() => onHover(index)}
            onClick={() => onChoose(index)}
          >
            <span className={styles.kind}>{kind}</span> <span className={styles.menuLabel}>{label}</span>
            {detail ? <span className={styles.menuDetail}> {detail}</span> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

interface Row {
  label: string;
  kind: string;
  detail: string | undefined;
}

function contextRow(context: ChatContext): Row {
  return { label: contextLabel(context), kind: contextKindLabel(context), detail: contextDetail(context) };
}

function commandRow(command: ChatCommand): Row {
  const argumentsHint = command.arguments.map((argument) => (argument.required ? `<${argument.name}>` : `[${argument.name}]`));
  return {
    label: [`/${command.name}`, ...argumentsHint].join(' '),
    kind: command.type === 'mcp-prompt' ? 'prompt' : 'command',
    detail: command.description,
  };
}
