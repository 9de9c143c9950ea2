/**
 * Why the guard cannot read a command line as the commands it runs (it does not parse, it is
 * too large, it nests too deep). Thrown inside the reader, turned into `{ ok: false, reason }` at
 * its edge, so a caller asks the user instead of guessing.
 */
export class CommandLineRefusal extends Error {
  override readonly name = 'CommandLineRefusal';
}
