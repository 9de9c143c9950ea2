/**
 * `$/showMessage` (specs/eca-protocol-v2.md, "showMessage"): messages the agent asks the client to
 * show the user, kept until dismissed. How long an info toast stays is the view's business.
 */
import type { MessageType, ShowMessageParams } from '../lib/protocol/eca/show-message';
import type { BatonSliceCreator } from './baton-state';

export interface Toast {
  id: number;
  type: MessageType;
  message: string;
}

/** More than this at once would cover the chat; the oldest give way. */
export const MAX_TOASTS = 5;

export interface ToastsSlice {
  /** Oldest first. */
  toasts: readonly Toast[];
  showMessage(params: ShowMessageParams): void;
  dismissToast(id: number): void;
}

export const createToastsSlice: BatonSliceCreator<ToastsSlice> = () => (set) => {
  let nextId = 1;

  return {
    toasts: [],

    showMessage({ type, message }) {
      set((state) => {
        // The same message again (a server failing on every retry) is shown once.
        if (state.toasts.some((toast) => toast.type === type && toast.message === message)) return {};
        return { toasts: [...state.toasts, { id: nextId++, type, message }].slice(-MAX_TOASTS) };
      });
    },

    dismissToast(id) {
      set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) }));
    },
  };
};
