'use client';

import { type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import styles from './threads.module.css';

export interface ThreadMenuItem {
  id: string;
  label: string;
  danger?: boolean;
  run(): void;
}

/**
 * A row's ⋯ menu (the ARIA menu button pattern): it opens with focus on its first item (its last
 * with ArrowUp), arrows and Home/End move between items, Escape closes it and gives focus back to
 * the ⋯ button, Tab closes it and moves on; a press outside closes it.
 */
export function ThreadMenu({
  label,
  items,
  focusLast,
  onClose,
}: {
  label: string;
  items: readonly ThreadMenuItem[];
  focusLast: boolean;
  /** `refocus`: give focus back to the button that opened the menu. */
  onClose(refocus: boolean): void;
}) {
  const menu = useRef<HTMLDivElement>(null);
  const [above, setAbove] = useState(false);

  // Opens under its button, or over it when the list's visible part ends too soon below.
  useLayoutEffect(() => {
    const element = menu.current;
    const scroller = element?.closest('ul');
    if (!element || !scroller) return;
    const box = element.getBoundingClientRect();
    const room = scroller.getBoundingClientRect();
    if (box.bottom > room.bottom && box.top - box.height - room.top > room.bottom - box.bottom) setAbove(true);
  }, []);

  // Focus goes in once, as the menu opens; a re-render must not pull it back to the first item.
  const focusLastAtOpen = useRef(focusLast);
  useEffect(() => {
    const buttons = menuItems(menu.current);
    (focusLastAtOpen.current ? buttons.at(-1) : buttons[0])?.focus();
  }, []);

  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  useEffect(() => {
    const closeOutside = (event: PointerEvent) => {
      const row = menu.current?.parentElement;
      if (row && !row.contains(event.target as Node)) close.current(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = menuItems(menu.current);
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const move = (index: number) => buttons[(index + buttons.length) % buttons.length]?.focus();
    if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(buttons.length - 1);
    else if (event.key === 'Escape') onClose(true);
    else if (event.key === 'Tab') return onClose(false);
    else return;
    event.preventDefault();
    event.stopPropagation();
  };

  return (
    <div ref={menu} className={styles.menu} role="menu" aria-label={label} data-testid="thread-menu" data-placement={above ? 'above' : 'below'} onKeyDown={onKeyDown}>
      {items.map((item) => (
        <button
          key={item.id}
          type="button"
          role="menuitem"
          tabIndex={-1}
          className={item.danger ? `${styles.menuItem} ${styles.menuItemDanger}` : styles.menuItem}
          data-testid={item.id}
          onClick={item.run}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}

function menuItems(menu: HTMLElement | null): HTMLButtonElement[] {
  return menu ? [...menu.querySelectorAll<HTMLButtonElement>('[role="menuitem"]')] : [];
}
