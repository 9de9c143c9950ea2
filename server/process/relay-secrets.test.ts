/** What a child of the relay is given: never a variable of the relay's secrets, nor a value holding its token. */
import { afterEach, describe, expect, it } from 'vitest';
import { argumentsHoldingRelaySecret, holdRelaySecret, withoutRelaySecrets } from './relay-secrets';

const TOKEN = 'relay-secrets-test-token-0123456789abcdef';
const releases: Array<() => void> = [];
const hold = (secret: string) => releases.push(holdRelaySecret(secret));

afterEach(() => {
  for (const release of releases.splice(0)) release();
});

describe('withoutRelaySecrets', () => {
  it('leaves out BATON_TOKEN and BATON_DATABASE_URL whatever they hold, and keeps the rest', () => {
    const dropped: string[] = [];
    const env = { PATH: '/usr/bin', BATON_TOKEN: 'anything', BATON_DATABASE_URL: 'postgres://u:pw@db/baton', LANG: undefined };
    expect(withoutRelaySecrets(env, (name) => dropped.push(name))).toEqual({ PATH: '/usr/bin' });
    expect(dropped).toEqual(['BATON_TOKEN', 'BATON_DATABASE_URL']);
  });

  it('leaves out any variable holding the token the relay holds, under whatever name', () => {
    hold(TOKEN);
    expect(withoutRelaySecrets({ COPIED: TOKEN, HEADER: `Bearer ${TOKEN}`, HOME: '/home/user' })).toEqual({ HOME: '/home/user' });
  });

  it('stops once the relay lets the token go (a rotated token replaces it)', () => {
    const release = holdRelaySecret(TOKEN);
    release();
    expect(withoutRelaySecrets({ COPIED: TOKEN })).toEqual({ COPIED: TOKEN });
  });

  it('matches a short token only as a whole value, so that PATH is not taken for it', () => {
    hold('bin');
    expect(withoutRelaySecrets({ PATH: '/usr/bin:/bin', SHORT: 'bin' })).toEqual({ PATH: '/usr/bin:/bin' });
  });
});

describe('argumentsHoldingRelaySecret', () => {
  it('finds the argument that holds the token', () => {
    hold(TOKEN);
    expect(argumentsHoldingRelaySecret(['server', `--token=${TOKEN}`])).toBe(1);
    expect(argumentsHoldingRelaySecret(['server', '--stdio'])).toBe(-1);
  });
});
