/**
 * Baton's service worker: shows the relay's pushes (server/push/push-sender.ts) as notifications
 * while no tab of the relay may be open. A push is a PushMessage (lib/protocol/push.ts): its title,
 * its text (the command, the file), its tag, its thread, and for an approval a one-time answer key.
 * An approval's notification offers Approve and Reject where the platform shows actions; either
 * posts the key back (POST push-answer), which answers that one question. The relay's token is
 * never here: the key is the whole of what the worker can do. A plain click opens the thread, in a
 * tab of the relay already open when there is one.
 */
const ACTIONS = [
  { action: 'approve', title: 'Approve' },
  { action: 'reject', title: 'Reject' },
];

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  const message = readMessage(event.data);
  if (!message) return;
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      data: message,
      ...(message.answerKey ? { actions: ACTIONS, requireInteraction: true } : {}),
    }),
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
  } catch (error) {
    console.warn(`[baton] a push could not be read: ${String(error)}`);
    return null;
  }
  console.warn('[baton] a push held no notification');
  return null;
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
  await self.registration.showNotification(`Not ${action === 'approve' ? 'approved' : 'rejected'}: ${message.title}`, {
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
