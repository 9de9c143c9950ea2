/** A second relay on a port the first one holds says so, and says what to do instead. */
import { afterEach, expect, it } from 'vitest';
import { ListenError } from './listen-error';
import { startTestRelay, type TestRelay } from './testing/relay-support';

const relays: TestRelay[] = [];

afterEach(async () => {
  await Promise.all(relays.splice(0).map((relay) => relay.close()));
});

it('refuses a busy port with a message that suggests --port 0, and can start again once it is free', async () => {
  const first = await startTestRelay();
  relays.push(first);

  const refused = await startTestRelay({ port: first.port }).then(
    (relay) => {
      relays.push(relay);
      return undefined;
    },
    (error: unknown) => error,
  );
  expect(refused).toBeInstanceOf(ListenError);
  expect((refused as Error).message).toBe(
    `Port ${first.port} is already in use on 127.0.0.1 (another Baton, or another program). ` +
      'Start with --port 0 to take a free port, or choose another with --port N.',
  );

  // The refused start let go of what it opened, so the port is free again once the first relay ends.
  await first.close();
  relays.pop();
  const again = await startTestRelay({ port: first.port });
  relays.push(again);
  expect(again.port).toBe(first.port);
});
