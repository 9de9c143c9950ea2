import { describe, expect, it } from 'vitest';
import { explainRefusal, TOKEN_EXPIRED_MESSAGE } from './explain-refusal';

describe('explainRefusal', () => {
  it('says to reopen the printed URL when the page answers 401', async () => {
    await expect(explainRefusal('websocket error', async () => new Response(null, { status: 401 }))).resolves.toBe(
      TOKEN_EXPIRED_MESSAGE,
    );
  });

  it('keeps the socket’s reason when the page is served or the relay is down', async () => {
    await expect(explainRefusal('websocket error', async () => new Response(null, { status: 200 }))).resolves.toBe(
      'websocket error',
    );
    await expect(
      explainRefusal('websocket error', async () => {
        throw new TypeError('fetch failed');
      }),
    ).resolves.toBe('websocket error');
  });
});
