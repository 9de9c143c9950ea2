/**
 * How the fake Autohand answers on stdout, and which build it plays. Its own file: the fake's turns
 * write through it, and the fake's main file runs those turns.
 */
export type Flavor = 'observed' | 'reference';

export interface Wire {
  flavor: Flavor;
  notify(method: string, params: unknown): void;
  respond(id: unknown, result: unknown): void;
  fail(id: unknown, code: number, message: string): void;
  raw(line: string): void;
  now(): string;
}
