/**
 * Renders the installable app's PNG icons (public/icons/) from app/icon.svg with a real browser
 * (Chromium through Playwright), so the PNGs always match the SVG. Run after changing the SVG:
 * `npm run icons`, then commit the PNGs. BATON_CHROMIUM_PATH picks the browser, as in the tests.
 */
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const OUTPUT = path.join(ROOT, 'public', 'icons');
/** The icon's own background (its rounded square), which fills a maskable icon's whole square. */
const ICON_BACKGROUND = '#1f5fbf';

interface IconSpec {
  file: string;
  size: number;
  /** The share of the square the SVG takes; a maskable icon keeps it inside the safe zone (the middle 80% circle). */
  scale: number;
  background: string;
}

const ICONS: readonly IconSpec[] = [
  { file: 'icon-192.png', size: 192, scale: 1, background: 'transparent' },
  { file: 'icon-512.png', size: 512, scale: 1, background: 'transparent' },
  { file: 'icon-maskable-512.png', size: 512, scale: 0.62, background: ICON_BACKGROUND },
];

function iconPage(svg: string, { size, scale, background }: IconSpec): string {
  const inner = Math.round(size * scale);
  const svgUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  return `<!doctype html><html><body style="margin:0;width:${size}px;height:${size}px;display:grid;place-items:center;background:${background}">
<img src="${svgUrl}" width="${inner}" height="${inner}" alt=""></body></html>`;
}

async function main(): Promise<void> {
  const svg = await readFile(path.join(ROOT, 'app', 'icon.svg'), 'utf8');
  await mkdir(OUTPUT, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.BATON_CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    for (const icon of ICONS) {
      const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size }, deviceScaleFactor: 1 });
      await page.setContent(iconPage(svg, icon));
      await page.locator('img').evaluate((image: HTMLImageElement) => image.decode());
      await page.screenshot({ path: path.join(OUTPUT, icon.file), omitBackground: icon.background === 'transparent' });
      await page.close();
      process.stdout.write(`wrote public/icons/${icon.file}\n`);
    }
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});
