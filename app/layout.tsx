import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import './globals.css';

export const metadata: Metadata = {
  title: 'Baton',
  description: 'Use a coding agent from a browser: a streaming chat, approvals and history.',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  // Prerendered once by the static export; the relay puts each response's CSP nonce on the built
  // page's inline scripts as it serves it (server/relay/html-nonce.ts).
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
