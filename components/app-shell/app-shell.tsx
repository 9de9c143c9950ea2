'use client';

import dynamic from 'next/dynamic';
import { type CSSProperties, useCallback, useContext, useEffect, useState } from 'react';
import { selectAnswerOnly } from '../../stores/connection-slice';
import { BatonStoreContext, useBatonStore } from '../baton-client/baton-store-context';
import { AuditView } from '../audit/audit-view';
import { ChatPanel } from '../chat/chat-panel';
import { KeyboardShortcuts } from '../command-palette/keyboard-shortcuts';
import { DeletedThreadToast } from '../threads/deleted-thread-toast';
import { ThreadAddress } from '../threads/thread-address';
import { ThreadPanel } from '../threads/thread-panel';
import { ToastList } from '../toasts/toast-list';
import { AppHeader } from './app-header';
import { onFilesPanelToggle } from '../command-palette/files-panel-toggle';
import styles from './app-shell.module.css';
import { OfflineDemoBanner } from './offline-demo-banner';
import type { Overlay } from './overlay';
import { OverlayBar } from './overlay-bar';
import { OwnSourcePanel } from './own-source-panel';
import { PaneTabs, type Pane } from './pane-tabs';
import { SidePanel, SIDE_PANEL_ID } from './side-panel';
import { SidePanelSplitter } from './side-panel-splitter';
import { SkipToPrompt } from './skip-to-prompt';
import { useLayoutMode } from './use-layout-mode';
import { useSidePanelWidth } from './use-side-panel-width';
import { useVisualViewportHeight } from './use-visual-viewport-height';

// Only the embed layout has this bar: a full page never loads its code.
const EmbedBar = dynamic(() => import('./embed-bar').then((module) => module.EmbedBar), { ssr: false });

/**
 * Header and banner on top; threads, chat and the side panel below (side by side when wide, one at
 * a time on a phone, the chat alone with overlays in an embed); toasts above all.
 */
export function AppShell() {
  const layout = useLayoutMode();
  const [pane, setPane] = useState<Pane>('chat');
  const [overlay, setOverlay] = useState<Overlay>(null);
  // A wide page can fold the files panel away (the command palette's "Hide the files panel").
  const [sideHidden, setSideHidden] = useState(false);
  const store = useContext(BatonStoreContext);
  const sideWidth = useSidePanelWidth();
  // A watch-only device may not read files or manage tool servers: no side panel at all.
  const answerOnly = useBatonStore(selectAnswerOnly);
  useVisualViewportHeight();
  const closeOverlay = useCallback(() => setOverlay(null), []);

  // Opening a thread (from the list, a search, the address) or a new chat shows the chat.
  useEffect(() => {
    if (!store) return;
    return store.subscribe((state, previous) => {
      if (state.selectedThreadId === previous.selectedThreadId) return;
      setPane('chat');
      setOverlay((current) => (current === 'threads' ? null : current));
    });
  }, [store]);

  const embed = layout === 'embed';
  useEffect(
    () =>
      onFilesPanelToggle((show) => {
        setSideHidden(!show);
        if (show && embed) setOverlay('files');
        else if (show) setPane('files');
        else {
          setOverlay((current) => (current === 'files' ? null : current));
          setPane((current) => (current === 'files' ? 'chat' : current));
        }
      }),
    [embed],
  );
  const overlayOpen = (which: Overlay) => (embed && overlay === which ? true : undefined);
  return (
    <div className={styles.shell} data-testid="app-shell" data-layout={layout} data-side-hidden={sideHidden || undefined}>
      <SkipToPrompt onSkip={() => (embed ? setOverlay(null) : setPane('chat'))} />
      {embed ? <EmbedBar onOpen={setOverlay} /> : <AppHeader />}
      <OfflineDemoBanner />
      <OwnSourcePanel />
      {/* The side column's width, when the user chose one; the phone and embed layouts ignore it. */}
      <div
        className={styles.panes}
        style={sideWidth.width === undefined ? undefined : ({ '--side-panel-width': `${sideWidth.width}px` } as CSSProperties)}
      >
        <div
          className={styles.slot}
          data-slot="threads"
          data-active={pane === 'threads' || undefined}
          data-overlay-open={overlayOpen('threads')}
        >
          {overlayOpen('threads') ? <OverlayBar onClose={closeOverlay} /> : null}
          <ThreadPanel />
        </div>
        <div className={styles.slot} data-slot="chat" data-active={pane === 'chat' || undefined}>
          <ChatPanel />
        </div>
        {answerOnly ? null : (
          <div
            className={styles.slot}
            data-slot="side"
            data-active={pane === 'files' || undefined}
            data-overlay-open={overlayOpen('files')}
          >
            {overlayOpen('files') ? <OverlayBar title="Workspace" onClose={closeOverlay} /> : null}
            <SidePanel
              edge={
                embed ? null : (
                  <SidePanelSplitter
                    controls={SIDE_PANEL_ID}
                    width={sideWidth.width}
                    maxWidth={sideWidth.maxWidth}
                    onResize={sideWidth.resize}
                  />
                )
              }
            />
          </div>
        )}
      </div>
      {embed ? null : <PaneTabs pane={pane} onChoose={setPane} withFiles={!answerOnly} />}
      <ToastList />
      <DeletedThreadToast />
      <ThreadAddress />
      <KeyboardShortcuts />
      <AuditView />
    </div>
  );
}
