/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The relay (server/) serves this app from its own HTTP server; nothing here runs in Node.
  // `npm test` type-checks the whole project (`tsc --noEmit`) first; the build does not repeat it,
  // so that starting Baton does not wait for a check of the relay's and the tests' sources.
  typescript: { ignoreBuildErrors: true },
};

export default nextConfig;
