/**
 * Command lines of the kind coding agents run (git, npm, ls, rg, sed -n, cat, python3 -c,
 * pipelines, `bash -lc` wrappers, redirections, `cd x && …`), generated deterministically so a
 * bench of the guard's shell parser (server/guard/shell-command.ts) reads the same lines every run.
 */

/** A small linear congruential generator: the same seed gives the same lines. */
function sequence(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 4_294_967_296;
  };
}

const FOLDERS = ['src', 'lib', 'server', 'app/api', 'components/chat', 'packages/core/src', 'test', 'scripts'];
const NAMES = ['index', 'config', 'session-store', 'relay', 'parse-args', 'thread-list', 'agent', 'utils', 'main'];
const EXTENSIONS = ['.ts', '.tsx', '.js', '.py', '.md', '.json'];
const PATTERNS = ['TODO', 'useEffect', 'export function', 'import .* from', 'FIXME|XXX', 'process.env', 'def main'];
const BRANCHES = ['main', 'feature/login', 'fix/race-in-relay', 'release/1.4'];
const MESSAGES = ['Fix the flaky reconnect test', 'Add a size cap to framing', "Don't retry on 4xx", 'Update deps'];
const PACKAGES = ['lodash@4', 'zod@4', '@types/node@20', 'vitest@4', 'express@5'];

type Pick = <T>(items: readonly T[]) => T;

function templates(pick: Pick, file: () => string, number: () => number): (() => string)[] {
  const folder = () => pick(FOLDERS);
  const pattern = () => pick(PATTERNS);
  return [
    () => 'git status',
    () => 'git status --short',
    () => `git diff --stat ${pick(BRANCHES)}...HEAD`,
    () => `git diff HEAD~${number()} -- ${file()}`,
    () => `git log --oneline -n ${number() * 10}`,
    () => `git add -A && git commit -m "${pick(MESSAGES)}"`,
    () => `git checkout -b ${pick(BRANCHES)}`,
    () => `git show HEAD:${file()} | head -n ${number() * 20}`,
    () => `git grep -n "${pattern()}" -- '*.ts'`,
    () => 'npm test',
    () => `npm run build 2>&1 | tail -n ${number() * 10}`,
    () => `npm install ${pick(PACKAGES)}`,
    () => `npx vitest run ${file()}`,
    () => 'npx tsc --noEmit',
    () => `ls -la ${folder()}`,
    () => `ls -1 ${folder()} | head -${number() * 5}`,
    () => `rg -n "${pattern()}" ${folder()}`,
    () => `rg --files ${folder()} | rg -v node_modules | wc -l`,
    () => `rg -l '${pattern()}' --glob '*.ts' --glob '!dist/**'`,
    () => `sed -n '${number()},${number() * 40}p' ${file()}`,
    () => `sed -i 's/${pick(NAMES)}/${pick(NAMES)}Next/g' ${file()}`,
    () => `cat ${file()}`,
    () => `cat -n ${file()} | head -${number() * 30}`,
    () => `python3 -c "import json,sys; print(json.load(open('package.json'))['version'])"`,
    () => `python3 -c 'import sys; print(sys.version)'`,
    () => `find ${folder()} -name '*.ts' -not -path './node_modules/*' | xargs wc -l | sort -n | tail -5`,
    () => `grep -rn "${pattern()}" ${folder()} | sort | uniq -c | sort -rn | head`,
    () => `ps aux | grep -v grep | grep node`,
    () => `bash -lc 'cd ${folder()} && npm test'`,
    () => `/bin/bash -lc "git status && git diff --cached --stat"`,
    () => `bash -lc "rg -n '${pattern()}' ${folder()} | head -n 20"`,
    () => `npm test > /tmp/test-output-${number()}.txt 2>&1; echo "exit: $?"`,
    () => `echo "- ${pick(MESSAGES)}" >> CHANGELOG.md`,
    () => `cat > ${folder()}/${pick(NAMES)}.test.ts <<'EOF'\nimport { it } from 'vitest';\nit('works', () => {});\nEOF`,
    () => `cd ${folder()} && ls && cat ${pick(NAMES)}${pick(EXTENSIONS)}`,
    () => `cd ${folder()} && npm run lint -- --fix && cd -`,
    () => `mkdir -p dist/${folder()} && cp -r ${folder()}/* dist/${folder()}/`,
    () => `head -n ${number() * 25} ${file()} && wc -l ${file()}`,
    () => `curl -s http://localhost:${3000 + number()}/health | jq '.status'`,
    () => `node -e "console.log(process.versions.node)"`,
    () => `for f in ${folder()}/*.ts; do echo "$f: $(wc -l < "$f")"; done`,
    () => `test -f ${file()} && echo present || echo missing`,
    () => `timeout 60 npx playwright test e2e/${pick(NAMES)}.spec.ts --reporter=line`,
    () => `diff -u <(git show HEAD:${file()}) ${file()}`,
    () => `export NODE_ENV=test && npm test -- --run`,
  ];
}

/** `count` command lines (10,000 by default), the same for the same seed. */
export function generateCommandLines(count = 10_000, seed = 23): string[] {
  const random = sequence(seed);
  const pick: Pick = (items) => items[Math.floor(random() * items.length)]!;
  const number = () => 1 + Math.floor(random() * 9);
  const file = () => `${pick(FOLDERS)}/${pick(NAMES)}${pick(EXTENSIONS)}`;
  const forms = templates(pick, file, number);
  return Array.from({ length: count }, () => pick(forms)());
}
