/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The relay (server/) serves this app from its own HTTP server; nothing here runs in Node. The
  // relay also sets the security headers (server/relay/security-headers.ts), not a `headers()`
  // entry here: the CSP carries a nonce made for each response, which a static header cannot.
  typescript: { ignoreBuildErrors: false },
};

export default nextConfig;
