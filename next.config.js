/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The relay (server/) serves this app from its own HTTP server; nothing here runs in Node. The
  // relay also sets the security headers (server/relay/security-headers.ts), not a `headers()`
  // entry here: the CSP carries a nonce made for each response, which a static header cannot.
  // `npm test` type-checks the whole project (`tsc --noEmit`) first; the build does not repeat it,
  // so that starting Baton does not wait for a check of the relay's and the tests' sources.
  typescript: { ignoreBuildErrors: true },
  // A thread's address (/t/<id>) is the same one-page app, which reads the id from the address.
  async rewrites() {
    return [{ source: '/t/:id*', destination: '/' }];
  },
};

export default nextConfig;
