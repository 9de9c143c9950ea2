/**
 * What the embed layout shows over its chat, if anything. Its own file: the shell holds it and the
 * embed bar and menu, which the shell loads, set it.
 */
export type Overlay = 'threads' | 'files' | null;
