'use client';

import { type KeyboardEvent, type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
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
  anchor,
  label,
  items,
  focusLast,
  onClose,
}: {
  /** The ⋯ button the menu opens from. */
  anchor: RefObject<HTMLButtonElement | null>;
  label: string;
  items: readonly ThreadMenuItem[];
  focusLast: boolean;
  /** `refocus`: give focus back to the button that opened the menu. */
  onClose(refocus: boolean): void;
}) {
  const menu = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<{ top: number; right: number } | null>(null);

  // Fixed to the screen by its button, so that no scrolling pane clips it: under the button, or
  // over it when the screen ends too soon below. The list scrolling moves it with its button.
  useLayoutEffect(() => {
    const place = () => {
      const element = menu.current;
      const button = anchor.current;
      if (!element || !button) return;
      const box = button.getBoundingClientRect();
      const height = element.offsetHeight;
      const fitsBelow = box.bottom + height <= window.innerHeight || box.top < height;
      setPlace({ top: fitsBelow ? box.bottom : box.top - height, right: document.documentElement.clientWidth - box.right });
    };
    place();
    // Only a scroll that moves the button: another pane's (a streaming chat) does not.
    const follow = (event: Event) => {
      if (anchor.current && event.target instanceof Node && event.target.contains(anchor.current)) place();
    };
    document.addEventListener('scroll', follow, true);
    return () => document.removeEventListener('scroll', follow, true);
  }, [anchor]);

  // Focus goes in once, as the menu opens; a re-render must not pull it back to the first item.
  const focusLastAtOpen = useRef(focusLast);
  useLayoutEffect(() => {
    const buttons = menuItems(menu.current);
    (focusLastAtOpen.current ? buttons.at(-1) : buttons[0])?.focus({ preventScroll: true });
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
    const move = (index: number) => buttons[(index + buttons.length) % buttons.length]?.focus({ preventScroll: true });
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
    <div
      ref={menu}
      className={styles.menu}
      role="menu"
      aria-label={label}
      data-testid="thread-menu"
      style={place ?? undefined}
      onKeyDown={onKeyDown}
    >
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
