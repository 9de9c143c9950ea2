'use client';

import { useState, type ReactNode } from 'react';

/**
 * A `<details>` whose content is only in the page while it is open, so that the page's text is
 * what the reader sees: find-in-page, copying a transcript and text assertions all agree.
 */
export function Disclosure({
  summary,
  defaultOpen = false,
  className,
  children,
}: {
  summary: ReactNode;
  defaultOpen?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(defaultOpen);
  return (
    <details className={className} open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{summary}</summary>
      {open ? children : null}
    </details>
  );
}
