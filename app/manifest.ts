import type { MetadataRoute } from 'next';

// Written once into the static export (out/manifest.webmanifest), which the relay serves.
export const dynamic = 'force-static';

/**
 * Installs Baton as an app on a phone's home screen or a desktop's app list. Every address is
 * relative to the manifest's own, so it holds under a path prefix (a proxy's sub-path) too.
 */
export default function manifest(): MetadataRoute.Manifest {
  return {
    id: './',
    name: 'Baton',
    short_name: 'Baton',
    description: 'Use a coding agent from a browser: a streaming chat, approvals and history.',
    start_url: './',
    scope: './',
    display: 'standalone',
    // The page's colour and the accent the icon is drawn in (--color-page, --color-accent in app/globals.css).
    background_color: '#f6f7f9',
    theme_color: '#1f5fbf',
    icons: [
      { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: 'icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
