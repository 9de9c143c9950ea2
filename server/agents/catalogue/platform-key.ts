/** This machine as the ACP registry names platforms in a binary distribution (`linux-x86_64`, ...). */
const OS_NAMES: Partial<Record<NodeJS.Platform, string>> = { darwin: 'darwin', linux: 'linux', win32: 'windows' };
const ARCH_NAMES: Partial<Record<string, string>> = { arm64: 'aarch64', x64: 'x86_64' };

export function platformKey(platform: NodeJS.Platform = process.platform, arch: string = process.arch): string | undefined {
  const os = OS_NAMES[platform];
  const cpu = ARCH_NAMES[arch];
  return os && cpu ? `${os}-${cpu}` : undefined;
}
