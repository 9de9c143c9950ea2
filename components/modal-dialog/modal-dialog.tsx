'use client';

import { type ReactNode, useEffect, useRef } from 'react';

/**
 * A real modal `<dialog>`, open while it is in the page: the page behind it is inert; Esc asks the
 * owner to close it (`onCancel`), so that the owner's state and the element agree; focus goes back
 * where it was when it leaves the page.
 */
export function ModalDialog({
  className,
  labelledBy,
  describedBy,
  testId,
  onCancel,
  children,
}: {
  className?: string;
  labelledBy: string;
  describedBy?: string;
  testId: string;
  onCancel: () => void;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    const focusBefore = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (element && !element.open) element.showModal();
    return () => {
      element?.close();
      focusBefore?.focus();
    };
  }, []);

  return (
    <dialog
      ref={dialog}
      className={className}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      data-testid={testId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      {children}
    </dialog>
  );
}
