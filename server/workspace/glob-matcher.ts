/**
 * Matches a path against a glob in time linear in the path: the glob becomes a small program of
 * a non-deterministic automaton, run over the path one character at a time with every live
 * state at once (Thompson's construction, run as a Pike VM without captures), so no input can
 * make it backtrack. A regular expression did backtrack: `*a*a*a*a*a*a*a*a*a*b` against a
 * 48-character name took the event loop for seconds, every other tab waiting.
 *
 * Cost: at most (path length) x (program length) steps, the program being a few instructions per
 * pattern character. Matching is by Unicode code point, so `?` is one character, emoji included.
 */

const SLASH = 0x2f;

const Op = {
  /** The character `argument`. */
  Literal: 0,
  /** Any character but `/`. */
  SegmentCharacter: 1,
  /** Any character. */
  AnyCharacter: 2,
  /** Go on at both `argument` and `alternative`. */
  Split: 3,
  /** Go on at `argument`. */
  Jump: 4,
  Match: 5,
} as const;
type Op = (typeof Op)[keyof typeof Op];

interface Instruction {
  op: Op;
  argument: number;
  alternative: number;
}

export interface GlobMatcher {
  matches(path: string): boolean;
}

/**
 * The pattern's program. `*` is any run within one path segment, `**` as a whole segment any
 * number of segments (`**\/` zero or more folders), `?` one character but `/`, `{a,b}`
 * alternatives (nested too); anything else is itself. A `}` or `,` outside braces is literal;
 * the caller has refused an unclosed `{`.
 */
export function compileGlobMatcher(pattern: string, { ignoreCase = false } = {}): GlobMatcher {
  const program = compile(ignoreCase ? pattern.toLowerCase() : pattern);
  return { matches: (path) => run(program, ignoreCase ? path.toLowerCase() : path) };
}

function compile(pattern: string): Instruction[] {
  const program: Instruction[] = [];
  const emit = (op: Op, argument = 0, alternative = 0) => program.push({ op, argument, alternative }) - 1;
  /** Open `{` groups: the split before the branch being read, and the jumps out of finished branches. */
  const groups: { split: number; exits: number[] }[] = [];
  const characters = [...pattern];
  for (let index = 0; index < characters.length; index += 1) {
    const character = characters[index] as string;
    if (character === '*') {
      const isDouble = characters[index + 1] === '*';
      const startsSegment = index === 0 || characters[index - 1] === '/';
      const endsSegment = index + 2 >= characters.length || characters[index + 2] === '/';
      if (isDouble && startsSegment && endsSegment && characters[index + 2] === '/') {
        // `**/`: zero or more whole folders, so `**/*.ts` also matches `a.ts`.
        const loop = emit(Op.Split);
        const segment = emit(Op.SegmentCharacter);
        emit(Op.Split, segment, program.length + 1);
        emit(Op.Literal, SLASH);
        emit(Op.Jump, loop);
        program[loop]!.argument = loop + 1;
        program[loop]!.alternative = program.length;
        index += 2;
      } else {
        const everything = isDouble && startsSegment && endsSegment;
        // A `**` inside a segment (`a**b`) means the same as `*`.
        while (characters[index + 1] === '*') index += 1;
        const loop = emit(Op.Split, 0, 0);
        emit(everything ? Op.AnyCharacter : Op.SegmentCharacter);
        emit(Op.Jump, loop);
        program[loop]!.argument = loop + 1;
        program[loop]!.alternative = program.length;
      }
    } else if (character === '?') {
      emit(Op.SegmentCharacter);
    } else if (character === '{') {
      const split = emit(Op.Split);
      program[split]!.argument = split + 1;
      groups.push({ split, exits: [] });
    } else if (character === ',' && groups.length > 0) {
      const group = groups.at(-1)!;
      group.exits.push(emit(Op.Jump));
      // The next branch starts with a split of its own, in case yet another branch follows.
      program[group.split]!.alternative = program.length;
      group.split = emit(Op.Split);
      program[group.split]!.argument = group.split + 1;
    } else if (character === '}' && groups.length > 0) {
      const group = groups.pop()!;
      // The last branch's split has no further branch: both ways lead into it.
      program[group.split]!.alternative = group.split + 1;
      for (const exit of group.exits) program[exit]!.argument = program.length;
    } else {
      emit(Op.Literal, character.codePointAt(0)!);
    }
  }
  emit(Op.Match);
  return program;
}

/** Every live state advances together over each character; a state is live at most once per step. */
function run(program: Instruction[], path: string): boolean {
  let current: number[] = [];
  let next: number[] = [];
  const seenAt = new Int32Array(program.length).fill(-1);
  const pending: number[] = [];
  /** Adds `start` and whatever it reaches without reading, each once for this step. */
  const follow = (list: number[], start: number, step: number) => {
    pending.push(start);
    while (pending.length > 0) {
      const at = pending.pop()!;
      if (seenAt[at] === step) continue;
      seenAt[at] = step;
      const instruction = program[at]!;
      if (instruction.op === Op.Jump) pending.push(instruction.argument);
      else if (instruction.op === Op.Split) pending.push(instruction.alternative, instruction.argument);
      else list.push(at);
    }
  };
  let step = 0;
  follow(current, 0, step);
  for (const character of path) {
    const code = character.codePointAt(0)!;
    step += 1;
    next.length = 0;
    for (const at of current) {
      const instruction = program[at]!;
      const takes =
        instruction.op === Op.AnyCharacter ||
        (instruction.op === Op.SegmentCharacter && code !== SLASH) ||
        (instruction.op === Op.Literal && code === instruction.argument);
      if (takes) follow(next, at + 1, step);
    }
    [current, next] = [next, current];
    if (current.length === 0) return false;
  }
  return current.some((at) => program[at]!.op === Op.Match);
}
