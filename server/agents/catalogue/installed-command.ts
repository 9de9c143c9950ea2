/** What an installed agent is started with: an absolute program, its arguments and variables. */
export interface InstalledCommand {
  command: string;
  args: string[];
  env: Record<string, string>;
}
