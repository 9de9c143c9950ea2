/**
 * The command that restarts Baton on the folder the user typed into the own-source panel. The page
 * only shows it: the user runs it in Baton's terminal (in Baton's folder, where the start that asked
 * was made), and the relay checks the folder when it
 * starts (server/launch/workspace-folder.ts). What the page checks here is what it can know
 * without the file system: the path is absolute and is not the whole file system.
 */
export type RestartCommand = { command: string } | { problem: string };

const WINDOWS_ABSOLUTE = /^[A-Za-z]:[\\/]/;

export function restartCommand(typed: string): RestartCommand {
  const folder = typed.trim();
  if (!folder) return { problem: "Type the path of your project's folder." };
  if (/[\0\n\r]/.test(folder)) return { problem: 'A folder path is one line of text.' };
  if (!folder.startsWith('/') && !folder.startsWith('~/') && !WINDOWS_ABSOLUTE.test(folder)) {
    return { problem: 'Give the whole path, starting with / or ~/ (for example ~/my-project).' };
  }
  if (/^(\/+|[A-Za-z]:[\\/]+)$/.test(folder)) return { problem: "That is the whole file system: name your project's folder." };
  // `~/` stays outside the quotes, where the shell still expands it.
  const home = folder.startsWith('~/') ? '~/' : '';
  return { command: `node bin/baton.mjs --workspace ${home}${shellQuote(folder.slice(home.length))}` };
}

/** Single quotes keep every character as typed; a quote inside is closed, escaped and reopened. */
function shellQuote(text: string): string {
  return /^[\w./-]+$/.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`;
}
