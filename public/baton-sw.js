/**
 * Baton's service worker: shows the relay's pushes (server/push/push-sender.ts) as notifications
 * while no tab of the relay may be open. A push is a PushMessage (lib/protocol/push.ts): its title,
 * its text (the command, the file), its tag, its thread, and for an approval a one-time answer key.
 * An approval's notification offers Approve and Reject where the platform shows actions; either
 * posts the key back (POST push-answer), which answers that one question. A push `{ close, tag }`
 * (the question was answered elsewhere, or its turn ended) closes the notification of that tag and
 * shows nothing. Pushes may arrive out of order: an alert the relay sent before the close of its tag
 * (both carry `sent`, the relay's order) is stale when it comes after, and is not shown. The relay's
 * token is never here: the key is the whole of what the worker can do. A plain click opens the thread, in a
 * tab of the relay already open when there is one.
 *
 * It also keeps the UI's files, so that the installed app opens when the relay cannot be reached
 * and says so rather than showing a browser error: the app's page network-first (a copy is served
 * only when the relay does not answer; it carries its own CSP header and nonce), the build's hashed
 * files under `_next/static/` cache-first. Nothing else is touched: no socket.io, no POST, nothing
 * with a token in its address or an Authorization header (the token lives in the address's
 * fragment, which no request carries).
 */
const CACHE = 'baton-ui-v1';
const STATIC_FOLDER = '_next/static/';
/** Every thread address (`t/<id>`) is the same page, at the same depth: one copy serves them all. */
const THREAD_PAGE = /^t\/[^/]+$/;
const OFFLINE_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Baton</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><meta http-equiv="refresh" content="15"></head>
<body><p>Relay unreachable — Baton will reconnect when it is back.</p></body></html>`;

/**
 * The tags closed lately, each with its close's `sent`. Kept while this worker runs, which covers
 * the moments two pushes of one item race; the oldest go past MAX_CLOSED_TAGS.
 */
const closedTags = new Map();
const MAX_CLOSED_TAGS = 500;

const ACTIONS = [
  { action: 'approve', title: 'Approve' },
  { action: 'reject', title: 'Reject' },
];

self.addEventListener('install', (event) => {
  // A copy that cannot be made now is made on the next visit; push works all the same.
  event.waitUntil(keepAppPage().catch((error) => console.warn(`[baton] the app was not kept for offline use: ${String(error)}`)));
  self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || request.headers.has('Authorization')) return;
  const url = new URL(request.url);
  const scope = new URL(self.registration.scope);
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname) || url.searchParams.has('token')) return;
  const inside = url.pathname.slice(scope.pathname.length);
  if (request.mode === 'navigate') {
    const key = pageKey(inside);
    if (key) event.respondWith(networkFirst(request, key));
  } else if (inside.startsWith(STATIC_FOLDER)) event.respondWith(cacheFirst(request));
});

/** The page tells which of the build's files it loaded before this worker controlled it (use-offline-worker.ts). */
self.addEventListener('message', (event) => {
  if (event.data?.type !== 'baton:keep-files' || !Array.isArray(event.data.urls)) return;
  event.waitUntil(keepStaticFiles(event.data.urls));
});
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  const message = readMessage(event.data);
  if (!message) return;
  if (message.close) {
    rememberClosed(message);
    event.waitUntil(closeNotifications(message.tag));
    return;
  }
  if (isStale(message)) {
    console.info(`[baton] a notification closed already was not shown: ${message.tag}`);
    return;
  }
  event.waitUntil(
    show(message.title, {
      body: message.body,
      tag: message.tag,
      data: message,
      ...(message.answerKey ? { actions: ACTIONS, requireInteraction: true } : {}),
    })
      // Said either way: a notification missing later was then shown, or never handed over.
      .then(() => console.info(`[baton] shown: ${message.tag}`))
      .catch((error) => console.warn(`[baton] a push could not be shown: ${String(error)}`)),
  );
});

self.addEventListener('notificationclick', (event) => {
  const message = event.notification.data;
  event.notification.close();
  if (!message) return;
  const answering = (event.action === 'approve' || event.action === 'reject') && message.answerKey;
  event.waitUntil(answering ? answer(message, event.action) : openThread(message.threadId));
});

/** The push's message, or null (told in the worker's console) when it is none. */
function readMessage(data) {
  try {
    const message = data ? data.json() : null;
    if (message && typeof message.title === 'string' && typeof message.body === 'string' && typeof message.threadId === 'string') return message;
    if (message && message.close === true && typeof message.tag === 'string') return message;
  } catch (error) {
    console.warn(`[baton] a push could not be read: ${String(error)}`);
    return null;
  }
  console.warn('[baton] a push held no notification');
  return null;
}

function rememberClosed({ tag, sent }) {
  if (typeof sent !== 'number') return;
  closedTags.delete(tag);
  closedTags.set(tag, sent);
  for (const oldest of closedTags.keys()) {
    if (closedTags.size <= MAX_CLOSED_TAGS) break;
    closedTags.delete(oldest);
  }
}

/** An alert the relay sent before a close of its tag that came first. */
function isStale({ tag, sent }) {
  const closed = closedTags.get(tag);
  return closed !== undefined && typeof sent === 'number' && sent <= closed;
}

/**
 * The notifications being handed to the browser. Chromium's getNotifications() deletes from its store
 * every notification written before the read began that the platform does not show yet
 * (platform_notification_context_impl.cc), so a read racing a show loses that notification for good:
 * it stays on screen, but its buttons and its close find nothing. Reads wait for the shows begun before them.
 */
const showing = new Set();

function show(title, options) {
  const shown = self.registration.showNotification(title, options);
  showing.add(shown);
  const settled = () => showing.delete(shown);
  shown.then(settled, settled);
  return shown;
}

/** Answered elsewhere: the notification (every one of the tag, should there be several) goes. */
async function closeNotifications(tag) {
  await Promise.allSettled([...showing]);
  for (const notification of await self.registration.getNotifications({ tag })) notification.close();
}

/** Posts the answer; when the relay refuses it or cannot be reached, a notification says why. */
async function answer(message, action) {
  let failure;
  try {
    const response = await fetch(new URL('push-answer', self.registration.scope), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ key: message.answerKey, action }),
    });
    if (response.ok) return;
    const body = await response.json().catch(() => ({}));
    failure = typeof body.error === 'string' ? body.error : `The relay answered ${response.status}.`;
  } catch (error) {
    failure = `The relay could not be reached: ${String(error)}`;
  }
  await show(`Not ${action === 'approve' ? 'approved' : 'rejected'}: ${message.title}`, {
    body: failure,
    tag: message.tag,
    data: { ...message, answerKey: undefined },
  });
}

/** Brings a tab of the relay forward with the thread open, or opens one on the thread's address. */
async function openThread(threadId) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const scope = new URL(self.registration.scope);
  const tab = windows.find((client) => new URL(client.url).pathname.startsWith(scope.pathname));
  if (tab) {
    tab.postMessage({ type: 'baton:open-thread', threadId });
    // A browser lets a worker focus a window only in answer to the user's own click.
    await tab.focus().catch((error) => console.warn(`[baton] the tab could not be brought forward: ${String(error)}`));
    return;
  }
  await self.clients.openWindow(new URL(`t/${encodeURIComponent(threadId)}`, scope).href);
}

/** The cache key of an app page inside the scope (`` or `t/<id>`), or undefined for any other address. */
function pageKey(inside) {
  if (inside === '') return self.registration.scope;
  return THREAD_PAGE.test(inside) ? new URL('t/_', self.registration.scope).href : undefined;
}

/** The relay's page when it answers (kept for next time); the kept copy, or a page saying why, when it does not. */
async function networkFirst(request, key) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(key, response.clone());
    return response;
  } catch (error) {
    console.warn(`[baton] the relay did not answer (${String(error)}): the kept page is shown`);
    return (await cache.match(key)) ?? new Response(OFFLINE_PAGE, { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
  }
}

/** The build's files are hashed: a kept one never changes. */
async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

/** Keeps the app's page and the build's files it names. */
async function keepAppPage() {
  const response = await fetch(self.registration.scope, { cache: 'no-store' });
  if (!response.ok) throw new Error(`the page answered ${response.status}`);
  const cache = await caches.open(CACHE);
  await cache.put(self.registration.scope, response.clone());
  const html = await response.text();
  await keepStaticFiles([...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => new URL(match[1], self.registration.scope).href));
}

async function keepStaticFiles(urls) {
  const folder = new URL(STATIC_FOLDER, self.registration.scope).href;
  const cache = await caches.open(CACHE);
  const wanted = [...new Set(urls.filter((url) => typeof url === 'string' && url.startsWith(folder) && !url.includes('?')))];
  const missing = [];
  for (const url of wanted) if (!(await cache.match(url))) missing.push(url);
  await cache.addAll(missing);
}
