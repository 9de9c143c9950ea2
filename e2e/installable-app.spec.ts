/**
 * Baton installs as a web app: the page links a manifest the relay serves with its own content
 * type, whose icons exist at the sizes it names (one maskable), and it names a theme colour.
 */
import { expect, test } from './fixtures/baton-test';

test.use({ relayOptions: { offlineDemo: true } });

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(body: Buffer): { width: number; height: number } {
  expect(body.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
}

test('the linked manifest is served and valid, and every icon it names is there at its size', async ({ page, request, baton, relay }) => {
  await baton.open();
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(manifestHref).toBeTruthy();
  await expect(page.locator('meta[name="theme-color"]').first()).toHaveAttribute('content', /^#[0-9a-f]{6}$/i);

  const manifestUrl = new URL(manifestHref!, page.url());
  const response = await request.get(manifestUrl.href);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await response.json()) as { name: string; start_url: string; display: string; icons: ManifestIcon[] };
  expect(manifest.name).toBe('Baton');
  expect(manifest.display).toBe('standalone');
  // The start address is Baton's own page.
  expect(new URL(manifest.start_url, manifestUrl).href).toBe(`${relay.origin}/`);

  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`).sort()).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of manifest.icons) {
    const image = await request.get(new URL(icon.src, manifestUrl).href);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
    const [width, height] = icon.sizes.split('x').map(Number);
    expect(pngSize(await image.body())).toEqual({ width, height });
  }
});
