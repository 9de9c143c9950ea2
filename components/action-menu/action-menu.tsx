'use client';

import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import styles from './action-menu.module.css';

/**
 * A button that opens a menu of actions (the WAI-ARIA menu button pattern): the first item takes
 * focus when it opens; ↑ ↓ Home End move between items; Esc or Tab closes it, Esc putting focus
 * back on the button; a press outside closes it too. The items are in the page only while it is
 * open. `children` gets `close`, for an item that should close the menu when chosen.
 */
export function ActionMenu({
  label,
  glyph,
  className,
  menuClassName,
  testId,
  note,
  onOpenChange,
  children,
}: {
  /** The button's accessible name and tooltip. */
  label: string;
  /** What the button shows. */
  glyph: ReactNode;
  className?: string;
  menuClassName?: string;
  testId: string;
  /** A word about the last action ("Link copied"), under the items, read out as it appears. */
  note?: ReactNode;
  onOpenChange?: (open: boolean) => void;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const anchor = useRef<HTMLSpanElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const popup = useRef<HTMLDivElement>(null);
  // Opened near the bottom of what clips it (the last entry of the chat), the menu opens upwards.
  const [above, setAbove] = useState(false);
  useLayoutEffect(() => {
    if (!open || !popup.current || !anchor.current) return setAbove(false);
    setAbove(opensBetterAbove(anchor.current, popup.current));
  }, [open]);

  const close = useCallback((returnFocus = true) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  }, []);

  useEffect(() => onOpenChange?.(open), [open, onOpenChange]);

  useEffect(() => {
    if (!open) return;
    items(menu.current)[0]?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!anchor.current?.contains(event.target as Node)) close(false);
    };
    window.addEventListener('pointerdown', onPointerDown);
    return () => window.removeEventListener('pointerdown', onPointerDown);
  }, [open, close]);

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      // The menu's own Esc: not also the composer's Stop or a dialog's cancel behind it.
      event.preventDefault();
      event.stopPropagation();
      close();
      return;
    }
    if (event.key === 'Tab') {
      close(false);
      return;
    }
    const list = items(menu.current);
    const at = list.indexOf(document.activeElement as HTMLElement);
    const next = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: list.length - 1 }[event.key];
    if (next === undefined || list.length === 0) return;
    event.preventDefault();
    list[(next + list.length) % list.length]?.focus();
  };

  return (
    <span ref={anchor} className={styles.anchor}>
      <button
        ref={button}
        type="button"
        className={className}
        data-testid={testId}
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((shown) => !shown)}
      >
        {glyph}
      </button>
      {open ? (
        // The note is beside the menu, not in it: a menu holds items only.
        <div ref={popup} className={`${styles.popup} ${above ? styles.above : ''} ${menuClassName ?? ''}`} onKeyDown={onMenuKeyDown}>
          <div ref={menu} id={menuId} role="menu" aria-label={label} className={styles.menu}>
            {children(() => close())}
          </div>
          {note ? (
            <span role="status" className={styles.note}>
              {note}
            </span>
          ) : null}
        </div>
      ) : null}
    </span>
  );
}

/** The box of the nearest ancestor that clips what overflows it (a scrolling list), or the window's. */
function clippingBox(element: HTMLElement): { top: number; bottom: number } {
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    if (/(auto|scroll|hidden|clip)/.test(getComputedStyle(parent).overflowY)) return parent.getBoundingClientRect();
  }
  return { top: 0, bottom: window.innerHeight };
}

/** Whether the popup, drawn below its button, is cut off there and has more room above. */
function opensBetterAbove(anchor: HTMLElement, popup: HTMLElement): boolean {
  const clip = clippingBox(anchor);
  const button = anchor.getBoundingClientRect();
  const drawn = popup.getBoundingClientRect();
  return drawn.bottom > clip.bottom && button.top - clip.top > clip.bottom - button.bottom;
}

/** The menu's items that can take focus, in order; an item hidden by the layout is none of them. */
function items(menu: HTMLElement | null): HTMLElement[] {
  if (!menu) return [];
  return [...menu.querySelectorAll<HTMLElement>('[role^="menuitem"]:not(:disabled)')].filter((item) => item.offsetParent !== null);
}

/** One action of a menu; with `checked`, a switch that shows whether it is on. */
export function MenuItem({
  onSelect,
  disabled,
  title,
  testId,
  danger,
  checked,
  children,
}: {
  onSelect: () => void;
  disabled?: boolean;
  title?: string;
  testId?: string;
  danger?: boolean;
  checked?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      role={checked === undefined ? 'menuitem' : 'menuitemcheckbox'}
      aria-checked={checked}
      className={danger ? `${styles.item} ${styles.danger}` : styles.item}
      disabled={disabled}
      title={title}
      data-testid={testId}
      onClick={onSelect}
    >
      {checked === undefined ? null : (
        <span className={styles.check} aria-hidden="true">
          {checked ? '✓' : ''}
        </span>
      )}
      {children}
    </button>
  );
}

/** A line between groups of items. */
export function MenuSeparator({ className }: { className?: string }) {
  return <hr className={className ? `${styles.separator} ${className}` : styles.separator} />;
}
