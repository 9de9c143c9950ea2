/** The restart command the own-source panel shows: exactly the folder typed, quoted for a shell. */
import { expect, it } from 'vitest';
import { restartCommand } from './restart-command';

it('builds the command for an absolute folder or one under the home folder', () => {
  expect(restartCommand(' /home/me/shop ')).toEqual({ command: 'node bin/baton.mjs --workspace /home/me/shop' });
  expect(restartCommand('~/my-project')).toEqual({ command: 'node bin/baton.mjs --workspace ~/my-project' });
  expect(restartCommand('C:\\Users\\me\\shop')).toEqual({ command: "node bin/baton.mjs --workspace 'C:\\Users\\me\\shop'" });
});

it('quotes what a shell would read otherwise', () => {
  expect(restartCommand("/home/me/Bob's shop; rm -rf ~")).toEqual({
    command: "node bin/baton.mjs --workspace '/home/me/Bob'\\''s shop; rm -rf ~'",
  });
  expect(restartCommand('~/$(whoami) notes')).toEqual({ command: "node bin/baton.mjs --workspace ~/'$(whoami) notes'" });
});

it('says what is wrong with a path it cannot use', () => {
  expect(restartCommand('  ')).toEqual({ problem: "Type the path of your project's folder." });
  expect(restartCommand('my-project')).toEqual({ problem: 'Give the whole path, starting with / or ~/ (for example ~/my-project).' });
  expect(restartCommand('/')).toEqual({ problem: "That is the whole file system: name your project's folder." });
  expect(restartCommand('C:\\')).toEqual({ problem: "That is the whole file system: name your project's folder." });
  expect(restartCommand('/home/me\n/other')).toEqual({ problem: 'A folder path is one line of text.' });
});
