import type { Metadata } from 'next';
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import './globals.css';

export const metadata: Metadata = {
  title: 'Baton',
  description: 'Use a coding agent from a browser: a streaming chat, approvals and history.',
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Rendered per request, never prerendered: Next.js marks its inline scripts with the CSP nonce
  // the relay gives each request, which a page built ahead of time could not carry.
  await connection();
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
