import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { THEME_BOOT_SCRIPT } from '../components/theme/theme-preference';
import './tokens.css';
import './globals.css';

export const metadata: Metadata = {
  title: 'Baton',
  description: 'Use a coding agent from a browser: a streaming chat, approvals and history.',
};

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  // An on-screen keyboard shrinks the page (not only the visual viewport), so the composer,
  // sized with dvh, stays above it (Chromium); components/app-shell also follows the visual viewport.
  interactiveWidget: 'resizes-content',
  // The browser's bars in the app's colour; the light and dark page colours (app/globals.css).
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#f6f7f9' },
    { media: '(prefers-color-scheme: dark)', color: '#16191d' },
  ],
};

export default function RootLayout({ children }: { children: ReactNode }) {
  // Prerendered once by the static export; the relay puts each response's CSP nonce on the built
  // page's inline scripts as it serves it (server/relay/html-nonce.ts). The theme script sets the
  // root's data-theme before the first paint, which is why React is told not to compare it.
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: Baton's own constant script, set before paint so a dark theme never flashes light. */}
        <script dangerouslySetInnerHTML={{ __html: THEME_BOOT_SCRIPT }} />
      </head>
      <body>{children}</body>
    </html>
  );
}
