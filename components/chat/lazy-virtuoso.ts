import { lazy } from 'react';
import type { Virtuoso as VirtuosoComponent } from 'react-virtuoso';

/**
 * The virtualised list, fetched when a thread is opened rather than with the page: the first
 * screen (no thread, or an empty one) shows the welcome instead, and the list is a large part of
 * the page's script. ./use-preload-thread-view.ts starts the fetch as soon as a thread is chosen,
 * while its entries are on their way, so that it is normally there before they are.
 */
let loading: Promise<typeof import('react-virtuoso')> | undefined;

export function preloadVirtuoso(): Promise<typeof import('react-virtuoso')> {
  loading ??= import('react-virtuoso');
  return loading;
}

// Typed as the list itself: lazy() keeps its props and its ref, but not its generic signature.
export const Virtuoso = lazy(() => preloadVirtuoso().then((module) => ({ default: module.Virtuoso }))) as unknown as typeof VirtuosoComponent;
