/**
 * The inbox's notification settings: on or off for the whole browser, and the threads muted. Kept
 * in the origin's localStorage, which every tab of the relay shares (a change in one tab reaches
 * the others through the `storage` event), so that two tabs never disagree on what to show.
 */
import { useSyncExternalStore } from 'react';
import { z } from 'zod';

const STORAGE_KEY = 'baton.inbox.notifications';

const InboxSettingsSchema = z.object({ enabled: z.boolean(), muted: z.array(z.string()) });
export type InboxSettings = z.infer<typeof InboxSettingsSchema>;

const OFF: InboxSettings = { enabled: false, muted: [] };
const listeners = new Set<() => void>();
let cached: { raw: string | null; settings: InboxSettings } | undefined;

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // A page that may not store anything (a locked-down iframe) has notifications off.
    return undefined;
  }
}

export function readInboxSettings(): InboxSettings {
  const raw = storage()?.getItem(STORAGE_KEY) ?? null;
  if (cached?.raw === raw) return cached.settings;
  let settings = OFF;
  try {
    settings = raw === null ? OFF : InboxSettingsSchema.parse(JSON.parse(raw));
  } catch (error) {
    console.warn(`[baton] the inbox's notification settings could not be read, so they are off: ${String(error)}`);
  }
  cached = { raw, settings };
  return settings;
}

export function writeInboxSettings(change: (settings: InboxSettings) => InboxSettings): void {
  storage()?.setItem(STORAGE_KEY, JSON.stringify(change(readInboxSettings())));
  for (const listener of listeners) listener();
}

export function toggleThreadMuted(threadId: string): void {
  writeInboxSettings((settings) => ({
    ...settings,
    muted: settings.muted.includes(threadId) ? settings.muted.filter((id) => id !== threadId) : [...settings.muted, threadId],
  }));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useInboxSettings(): InboxSettings {
  return useSyncExternalStore(subscribe, readInboxSettings, () => OFF);
}
