/**
 * The fake ACP agent's `additionalDirectories` (ACP session setup): with FAKE_ACP_ADDITIONAL_DIRECTORIES
 * set it advertises `sessionCapabilities.additionalDirectories`; with FAKE_ACP_NOTE_DIRECTORIES set it
 * says on stderr what each session/new brought (`fake-acp: additional directories <JSON or none>`).
 */
export function directoriesCapability(): { additionalDirectories?: object } {
  return process.env.FAKE_ACP_ADDITIONAL_DIRECTORIES ? { additionalDirectories: {} } : {};
}

export function noteDirectories(request: { additionalDirectories?: string[] }): void {
  if (!process.env.FAKE_ACP_NOTE_DIRECTORIES) return;
  const said = request.additionalDirectories ? JSON.stringify(request.additionalDirectories) : 'none';
  process.stderr.write(`fake-acp: additional directories ${said}\n`);
}
