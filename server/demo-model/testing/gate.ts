/**
 * A promise a test opens by hand. Returned from a reply's `beforeDelta` hook it holds a scripted
 * stream half-way, so a test can look at what arrived before the turn ends without any timing.
 */
export interface Gate {
  readonly promise: Promise<void>;
  readonly isOpen: boolean;
  open(): void;
}

export function createGate(): Gate {
  let release: () => void = () => undefined;
  let isOpen = false;
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    promise,
    get isOpen() {
      return isOpen;
    },
    open() {
      isOpen = true;
      release();
    },
  };
}
