/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  // A static export into out/: the relay (server/) serves those files itself and never loads
  // Next.js at run time, which cost seconds of start-up and a hundred MiB of memory for one
  // client-side page. The relay also sets the security headers (server/relay/security-headers.ts)
  // and puts the CSP nonce, made for each response, on the page's inline scripts.
  output: 'export',
  // Assets addressed relative to the page (`./_next/...`), never from the host's root: behind a
  // proxy's path prefix (code-server's /proxy/<port>/) the root is someone else's. The relay puts a
  // <base> naming the app's root in each page's head (server/relay/page-head.ts), which these and
  // the chunks loaded later resolve against.
  assetPrefix: '.',
  // `npm test` type-checks the whole project (`tsc --noEmit`) first; the build does not repeat it,
  // so that starting Baton does not wait for a check of the relay's and the tests' sources.
  typescript: { ignoreBuildErrors: true },
  // A thread's address (/t/<id>) is the same one-page app, which reads the id from the address:
  // the relay serves the page for it (server/relay/static-ui-handler.ts).
};

export default nextConfig;
