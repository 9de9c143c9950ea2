/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The relay (server/) serves this app from its own HTTP server; nothing here runs in Node.
  typescript: { ignoreBuildErrors: false },
};

export default nextConfig;
