/** `--open` picks the platform's opener; an opener that fails is a note, never a failed start. No browser is opened here. */
import { describe, expect, it } from 'vitest';
import { holdRelaySecret } from '../process/relay-secrets';
import { openCommandFor, openInBrowser } from './open-browser';

const URL_WITH_CODE = 'http://127.0.0.1:4780/#code=abc';

describe('--open', () => {
  it('uses the opener of each platform, with the URL as one argument', () => {
    expect(openCommandFor('linux', URL_WITH_CODE)).toEqual({ command: 'xdg-open', args: [URL_WITH_CODE] });
    expect(openCommandFor('freebsd', URL_WITH_CODE)).toEqual({ command: 'xdg-open', args: [URL_WITH_CODE] });
    expect(openCommandFor('darwin', URL_WITH_CODE)).toEqual({ command: 'open', args: [URL_WITH_CODE] });
    expect(openCommandFor('win32', URL_WITH_CODE)).toEqual({ command: 'rundll32', args: ['url.dll,FileProtocolHandler', URL_WITH_CODE] });
  });

  it('says so when the opener is missing or fails, and carries on', async () => {
    const notes: string[] = [];
    await openInBrowser({ command: 'baton-no-such-opener', args: [URL_WITH_CODE] }, { PATH: process.env.PATH }, (note) => notes.push(note));
    await openInBrowser({ command: 'false', args: [URL_WITH_CODE] }, { PATH: process.env.PATH }, (note) => notes.push(note));
    expect(notes).toEqual([
      'could not open a browser (baton-no-such-opener: spawn baton-no-such-opener ENOENT); open the URL above yourself',
      'could not open a browser (false: exited with 1); open the URL above yourself',
    ]);
  });

  it('gives the opener the desktop session and no secrets', async () => {
    const notes: string[] = [];
    const token = 'open-browser-test-token-0123456789abcdef';
    const release = holdRelaySecret(token);
    const script = 'test -n "$DISPLAY" && test -z "$ANTHROPIC_API_KEY" && test -z "$BATON_TOKEN" && test -z "$BROWSER"';
    // BROWSER holding the token stands for any session variable a user set to it by mistake.
    const env = {
      PATH: process.env.PATH,
      DISPLAY: ':0',
      ANTHROPIC_API_KEY: 'secret',
      BATON_TOKEN: token,
      BROWSER: `firefox --token=${token}`,
    };
    try {
      await openInBrowser({ command: 'sh', args: ['-c', script] }, env, (note) => notes.push(note));
    } finally {
      release();
    }
    expect(notes).toEqual([]);
  });
});
