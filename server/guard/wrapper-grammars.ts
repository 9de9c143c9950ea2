/**
 * The options of each program that runs another command, from their manuals (coreutils env,
 * nice, nohup, timeout, stdbuf; util-linux ionice, setsid, chrt, taskset; findutils xargs;
 * procps watch; sudo, doas; GNU time; bash and the POSIX shells), so the word after them is
 * known to be the command. An option missing here makes the command unknown, never guessed.
 */
import { flags, type OptionGrammar, type OptionValue, valued } from './command-options';

type LongOptions = NonNullable<OptionGrammar['long']>;

function long(value: OptionValue, short?: string): { value: OptionValue; short?: string } {
  return short === undefined ? { value } : { value, short };
}

const HELP_AND_VERSION: LongOptions = { help: long('none'), version: long('none') };

const EVERY_LETTER = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** bash, sh, dash, zsh, ksh and the like: letters are flags but `-o NAME` and `-O NAME`. */
export const SHELL: OptionGrammar = {
  short: { ...flags(EVERY_LETTER), ...valued('oO') },
  plus: true,
  long: {
    ...HELP_AND_VERSION,
    login: long('none', 'l'),
    noprofile: long('none'),
    norc: long('none'),
    posix: long('none'),
    restricted: long('none', 'r'),
    verbose: long('none', 'v'),
    debugger: long('none'),
    'dump-strings': long('none'),
    'dump-po-strings': long('none'),
    noediting: long('none'),
    'pretty-print': long('none'),
    rcfile: long('required'),
    'init-file': long('required'),
  },
};

export const ENV: OptionGrammar = {
  short: { ...flags('i0v'), ...valued('uCS') },
  loneDash: 'i',
  long: {
    ...HELP_AND_VERSION,
    'ignore-environment': long('none', 'i'),
    null: long('none', '0'),
    unset: long('required', 'u'),
    chdir: long('required', 'C'),
    'split-string': long('required', 'S'),
    debug: long('none', 'v'),
    'default-signal': long('attached'),
    'ignore-signal': long('attached'),
    'block-signal': long('attached'),
    'list-signal-handling': long('none'),
  },
};

export const COMMAND: OptionGrammar = { short: flags('pvV') };
export const EXEC: OptionGrammar = { short: { ...flags('cl'), ...valued('a') } };
export const NO_OPTIONS: OptionGrammar = { short: {}, long: HELP_AND_VERSION };

export const NICE: OptionGrammar = {
  short: valued('n'),
  numeric: true,
  long: { ...HELP_AND_VERSION, adjustment: long('required', 'n') },
};

export const TIME: OptionGrammar = {
  short: { ...flags('pvqa'), ...valued('fo') },
  long: {
    ...HELP_AND_VERSION,
    format: long('required', 'f'),
    output: long('required', 'o'),
    append: long('none', 'a'),
    verbose: long('none', 'v'),
    portability: long('none', 'p'),
    quiet: long('none', 'q'),
  },
};

export const TIMEOUT: OptionGrammar = {
  short: { ...flags('vf'), ...valued('sk') },
  long: {
    ...HELP_AND_VERSION,
    signal: long('required', 's'),
    'kill-after': long('required', 'k'),
    'preserve-status': long('none'),
    foreground: long('none', 'f'),
    verbose: long('none', 'v'),
  },
};

export const XARGS: OptionGrammar = {
  short: { ...flags('0oprtx'), ...valued('adEILnPs'), e: 'attached', i: 'attached', l: 'attached' },
  long: {
    ...HELP_AND_VERSION,
    null: long('none', '0'),
    'arg-file': long('required', 'a'),
    delimiter: long('required', 'd'),
    eof: long('attached', 'e'),
    replace: long('attached', 'i'),
    'max-lines': long('attached', 'l'),
    'max-args': long('required', 'n'),
    'max-procs': long('required', 'P'),
    'max-chars': long('required', 's'),
    interactive: long('none', 'p'),
    'no-run-if-empty': long('none', 'r'),
    verbose: long('none', 't'),
    exit: long('none', 'x'),
    'open-tty': long('none', 'o'),
    'process-slot-var': long('required'),
    'show-limits': long('none'),
  },
};

export const SUDO: OptionGrammar = {
  short: { ...flags('ABbEeHiKklNnPSsVv'), ...valued('aCcDgpRrTtUu'), h: 'attached' },
  long: {
    ...HELP_AND_VERSION,
    'auth-type': long('required', 'a'),
    askpass: long('none', 'A'),
    bell: long('none', 'B'),
    background: long('none', 'b'),
    'close-from': long('required', 'C'),
    'login-class': long('required', 'c'),
    chdir: long('required', 'D'),
    'preserve-env': long('attached', 'E'),
    edit: long('none', 'e'),
    group: long('required', 'g'),
    'set-home': long('none', 'H'),
    host: long('required'),
    login: long('none', 'i'),
    'remove-timestamp': long('none', 'K'),
    'reset-timestamp': long('none', 'k'),
    list: long('none', 'l'),
    'no-update': long('none', 'N'),
    'non-interactive': long('none', 'n'),
    'preserve-groups': long('none', 'P'),
    prompt: long('required', 'p'),
    chroot: long('required', 'R'),
    role: long('required', 'r'),
    stdin: long('none', 'S'),
    shell: long('none', 's'),
    type: long('required', 't'),
    'command-timeout': long('required', 'T'),
    'other-user': long('required', 'U'),
    user: long('required', 'u'),
    validate: long('none', 'v'),
  },
};

export const DOAS: OptionGrammar = { short: { ...flags('nsL'), ...valued('uC') } };

export const STDBUF: OptionGrammar = {
  short: valued('ioe'),
  long: { ...HELP_AND_VERSION, input: long('required', 'i'), output: long('required', 'o'), error: long('required', 'e') },
};

export const IONICE: OptionGrammar = {
  short: { ...flags('t'), ...valued('cnpPu') },
  long: {
    ...HELP_AND_VERSION,
    class: long('required', 'c'),
    classdata: long('required', 'n'),
    pid: long('required', 'p'),
    pgid: long('required', 'P'),
    uid: long('required', 'u'),
    ignore: long('none', 't'),
  },
};

export const SETSID: OptionGrammar = {
  short: flags('cfw'),
  long: { ...HELP_AND_VERSION, ctty: long('none', 'c'), fork: long('none', 'f'), wait: long('none', 'w') },
};

export const CHRT: OptionGrammar = {
  short: { ...flags('abdfiormpvRe'), ...valued('TPD') },
  long: {
    ...HELP_AND_VERSION,
    'all-tasks': long('none', 'a'),
    batch: long('none', 'b'),
    deadline: long('none', 'd'),
    fifo: long('none', 'f'),
    idle: long('none', 'i'),
    other: long('none', 'o'),
    rr: long('none', 'r'),
    ext: long('none', 'e'),
    'reset-on-fork': long('none', 'R'),
    max: long('none', 'm'),
    pid: long('none', 'p'),
    verbose: long('none', 'v'),
    'sched-runtime': long('required', 'T'),
    'sched-period': long('required', 'P'),
    'sched-deadline': long('required', 'D'),
  },
};

export const TASKSET: OptionGrammar = {
  short: flags('acp'),
  long: { ...HELP_AND_VERSION, 'all-tasks': long('none', 'a'), 'cpu-list': long('none', 'c'), pid: long('none', 'p') },
};

export const WATCH: OptionGrammar = {
  short: { ...flags('bcCegrtwxp'), ...valued('nq'), d: 'attached' },
  long: {
    ...HELP_AND_VERSION,
    interval: long('required', 'n'),
    differences: long('attached', 'd'),
    beep: long('none', 'b'),
    color: long('none', 'c'),
    'no-color': long('none', 'C'),
    errexit: long('none', 'e'),
    chgexit: long('none', 'g'),
    equexit: long('required', 'q'),
    precise: long('none', 'p'),
    'no-rerun': long('none', 'r'),
    'no-title': long('none', 't'),
    'no-wrap': long('none', 'w'),
    exec: long('none', 'x'),
  },
};
