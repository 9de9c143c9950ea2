/**
 * The webview's page. Its CSP allows the one script the extension ships (by nonce), its one
 * stylesheet, and frames from exactly the relay's origin as the browser reaches it (in code-server
 * the `/proxy/<port>/` address on code-server's origin). Before the relay is known it frames
 * nothing and shows what is happening. The frame gets its address from the script once the script
 * listens (webview/main.ts): the page says `baton:ready` once, and a page that loaded before the
 * script ran (the script is fetched through the webview's host, slow on a first start) would say
 * it to nobody and never get its token.
 */
export interface WebviewPage {
  nonce: string;
  /** `webview.cspSource`: where the webview's own resources load from. */
  cspSource: string;
  scriptUri: string;
  styleUri: string;
  /** The page to frame, once the relay runs: `<external relay URL>?embed=1`. */
  frame?: { src: string; origin: string };
  /** Shown while there is no frame: "Starting Baton…", or what went wrong. */
  status: string;
}

export function webviewHtml(page: WebviewPage): string {
  const frameSource = page.frame ? page.frame.origin : "'none'";
  const policy = ["default-src 'none'", `script-src 'nonce-${page.nonce}'`, `style-src ${page.cspSource}`, `frame-src ${frameSource}`].join(
    '; ',
  );
  const frame = page.frame
    ? `<iframe id="baton-frame" title="Baton" data-src="${escapeHtml(page.frame.src)}" data-origin="${escapeHtml(page.frame.origin)}" allow="clipboard-read; clipboard-write"></iframe>`
    : '';
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(policy)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="${escapeHtml(page.styleUri)}">
<title>Baton</title>
</head>
<body>
<p id="baton-status" role="status"${page.frame ? ' hidden' : ''}>${escapeHtml(page.status)}</p>
${frame}
<script nonce="${page.nonce}" src="${escapeHtml(page.scriptUri)}"></script>
</body>
</html>`;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
