'use client';

import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { SIDE_PANEL_MIN_WIDTH, widthAfterKey } from './side-panel-width';
import styles from './side-panel-splitter.module.css';

interface SidePanelSplitterProps {
  /** The id of the panel it sizes. */
  controls: string;
  /** The user's width; undefined: the stylesheet's, measured here. */
  width: number | undefined;
  maxWidth: number;
  onResize(width: number): void;
}

/**
 * The side panel's left edge, dragged to resize it: a focusable window splitter (WAI-ARIA's
 * "Window Splitter" pattern) whose value is the panel's width in pixels; the arrow keys move it,
 * Home and End go to the narrowest and the widest. It sits in the panel, over its left border.
 */
export function SidePanelSplitter({ controls, width, maxWidth, onResize }: SidePanelSplitterProps) {
  const ref = useRef<HTMLDivElement>(null);
  const drag = useRef<{ startX: number; startWidth: number } | null>(null);
  const [dragging, setDragging] = useState(false);
  // The width as drawn, for the stylesheet's default and for a window narrower than the choice.
  const [drawn, setDrawn] = useState<number | undefined>(undefined);
  useEffect(() => {
    const panel = ref.current?.parentElement;
    if (!panel) return;
    const observer = new ResizeObserver(() => setDrawn(Math.round(panel.getBoundingClientRect().width)));
    observer.observe(panel);
    return () => observer.disconnect();
  }, []);
  const current = width ?? drawn ?? SIDE_PANEL_MIN_WIDTH;

  const endDrag = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    drag.current = null;
    setDragging(false);
    if (event.currentTarget.hasPointerCapture(event.pointerId)) event.currentTarget.releasePointerCapture(event.pointerId);
  };

  return (
    <div
      ref={ref}
      className={styles.splitter}
      role="separator"
      aria-orientation="vertical"
      aria-label="Resize the files panel"
      aria-controls={controls}
      aria-valuenow={current}
      aria-valuemin={SIDE_PANEL_MIN_WIDTH}
      aria-valuemax={maxWidth}
      tabIndex={0}
      data-testid="side-panel-splitter"
      data-dragging={dragging || undefined}
      onPointerDown={(event) => {
        if (event.button !== 0) return;
        // No text selection while dragging, and every move comes here even off the edge.
        event.preventDefault();
        event.currentTarget.focus();
        event.currentTarget.setPointerCapture(event.pointerId);
        drag.current = { startX: event.clientX, startWidth: current };
        setDragging(true);
      }}
      onPointerMove={(event) => {
        // The panel is on the right: its edge moved left widens it.
        if (drag.current) onResize(drag.current.startWidth + drag.current.startX - event.clientX);
      }}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
      onKeyDown={(event) => {
        const next = widthAfterKey(event.key, event.shiftKey, current, window.innerWidth);
        if (next === undefined) return;
        event.preventDefault();
        onResize(next);
      }}
    />
  );
}
