// npm run bench: how long a `fray` command takes before it does anything (issues 32 and 46), in
// CPU, each beside a bare `node -e ''`. Each iteration is a whole process, as a user's shell starts
// it: the command, then the floor again, so that a busy machine weighs on both alike. The target is
// set in CPU (every command within 3× the floor), which vitest does not measure: the CPU the
// children used (Linux's accounting of reaped children, /proc/self/stat) is printed after the run,
// per command, with its ratio to the floor run beside it (vitest's own times are wall times of
// both). FRAY_BENCH_BEFORE=DIR (a folder holding another build's dist/ and data/) runs that build's
// command too, in the same iteration: the before and after of docs/performance.md. Then, in wall
// time: `fray sim` of the demo on one worker and on two (target: two ≥ 1.9× one), and `fray
// serve` from its start to its first answer (target: within 1 s), with its CPU to that answer, beside
// the web framework's own start (fastify alone, bundled the same way, one route).
// Needs `npm run build`.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { build } from 'rolldown';
import { afterAll, bench, describe } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const BIN = join(ROOT, 'dist', 'cli', 'bin.js');
const BEFORE = process.env.FRAY_BENCH_BEFORE;
/** Clock ticks a second, as /proc counts them (USER_HZ). */
const TICKS = 100;
const FLOOR = "node -e ''";

/** CPU seconds of a process's stat line (user + system): its own, or from `children` on, its reaped children's. */
function statCpu(path: string, children: boolean): number {
  const fields = readFileSync(path, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // After the name: state is field 3; utime, stime are fields 14 and 15, cutime, cstime 16 and 17.
  const at = children ? 13 : 11;
  return (Number(fields[at]) + Number(fields[at + 1])) / TICKS;
}

/** CPU seconds used so far by this process's children that have been waited for. */
const childrenCpu = () => statCpu('/proc/self/stat', true);

const used = new Map<string, { seconds: number; runs: number }>();

function account(name: string, seconds: number): void {
  const kept = used.get(name) ?? { seconds: 0, runs: 0 };
  kept.seconds += seconds;
  kept.runs++;
  used.set(name, kept);
}

/** Runs a process to its end and accounts its CPU to `name`. */
function run(name: string, args: readonly string[]): void {
  const before = childrenCpu();
  const r = spawnSync(process.execPath, args, { encoding: 'utf8', cwd: work });
  if (r.status !== 0) throw new Error(`${name} failed: ${r.stderr}`);
  account(name, childrenCpu() - before);
}

const data = (path: string) => join(ROOT, 'data', path);
const DEMO = data('wfrp1e/encounters/demo.yaml');
// A duel whose whole fight `fray odds` solves in a few milliseconds: what is measured is the start.
const DUEL = data('ahq-house/encounters/duel-in-contact.yaml');
const WS = 'sides[0].combatants[0].profile.WS';
/** A comparison or a sweep simulated on a few runs: their exact chains are work of their own. */
const FEW = ['--method', 'sim', '--runs', '10', '--seed', '1'];

// What the commands read and write that is not shipped: the demo as a user's own file (its YAML
// parsed, not found among the shipped data's), two parts to merge, a save and its party file.
const work = mkdtempSync(join(tmpdir(), 'fray-startup-'));
const OWN = join(work, 'my-demo.yaml');
writeFileSync(OWN, `${readFileSync(DEMO, 'utf8')}# my copy\n`);
const PARTS = [1, 2].map((k) => join(work, `part-${k}.json`));
const SAVE = join(work, 'ambush.json');
const HEROES = join(work, 'heroes.yaml');
for (const f of ['ambush.yaml', 'heroes.yaml']) copyFileSync(data(`wfrp1e/campaign/${f}`), join(work, f));
const HEROES_TEXT = readFileSync(HEROES, 'utf8');
for (const args of [
  ...PARTS.map((p, k) => ['sim', DEMO, '--runs', '20', '--seed', '1', '--shard', `${k + 1}/2`, '--out', p]),
  // One round: what `party apply` replays is its own work, not its start.
  ['fight', join(work, 'ambush.yaml'), '--seed', '4', '--max-rounds', '1', '--save', SAVE],
]) {
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', cwd: work });
  if (r.status !== 0) throw new Error(`fray ${args[0]} failed: ${r.stderr}`);
}

/** Every command a user starts (but `fray serve`, below), and what it is given; `before` runs ahead of each, unmeasured. */
const CASES: readonly { name: string; args: readonly string[]; before?: () => void }[] = [
  { name: 'fray --version', args: ['--version'] },
  { name: 'fray --help', args: ['--help'] },
  { name: 'fray rulesets', args: ['rulesets'] },
  { name: 'fray completion bash', args: ['completion', 'bash'] },
  { name: 'fray schema encounter --ruleset wfrp1e', args: ['schema', 'encounter', '--ruleset', 'wfrp1e'] },
  { name: 'fray fight demo.yaml --seed 7', args: ['fight', DEMO, '--seed', '7'] },
  { name: 'fray fight, the demo as your own file', args: ['fight', OWN, '--seed', '7'] },
  { name: 'fray sheet demo.yaml', args: ['sheet', DEMO] },
  { name: 'fray sheet --ruleset openquest', args: ['sheet', '--ruleset', 'openquest'] },
  { name: 'fray odds duel-in-contact.yaml', args: ['odds', DUEL] },
  { name: 'fray sim demo.yaml --runs 10', args: ['sim', DEMO, '--runs', '10', '--seed', '1'] },
  {
    name: 'fray compare duel-in-contact.yaml, WS 7, 10 runs',
    args: ['compare', DUEL, '--b', `${WS}=7`, ...FEW],
  },
  {
    name: 'fray sweep duel-in-contact.yaml, WS 7 and 8, 10 runs',
    args: ['sweep', DUEL, '--vary', `${WS}=7,8`, ...FEW],
  },
  { name: 'fray merge of two parts', args: ['merge', ...PARTS] },
  {
    name: 'fray import wfrp1e-orc-raider.txt',
    args: ['import', data('blocks/wfrp1e-orc-raider.txt'), '--ruleset', 'wfrp1e'],
  },
  {
    name: 'fray party apply --yes',
    args: ['party', 'apply', SAVE, '--party', HEROES, '--yes'],
    before: () => writeFileSync(HEROES, HEROES_TEXT),
  },
];

describe('start-up, each command and node -e "" beside it (wall time of both)', () => {
  for (const c of CASES)
    bench(
      c.name,
      () => {
        c.before?.();
        run(c.name, [BIN, ...c.args]);
        if (BEFORE !== undefined) {
          c.before?.();
          run(`${c.name} (before)`, [join(BEFORE, 'dist', 'cli', 'bin.js'), ...c.args]);
        }
        run(`${FLOOR} beside ${c.name}`, ['-e', '']);
      },
      { iterations: 20, time: 0 },
    );
});

describe('fray sim of the demo, 50,000 fights', () => {
  for (const workers of [1, 2])
    bench(
      `${workers} worker${workers === 1 ? '' : 's'}`,
      () => {
        const r = spawnSync(
          process.execPath,
          [BIN, 'sim', DEMO, '--runs', '50000', '--seed', '1', '--workers', String(workers), '--json'],
          { encoding: 'utf8' },
        );
        if (r.status !== 0) throw new Error(`fray sim failed: ${r.stderr}`);
      },
      { iterations: 3, time: 0 },
    );
});

// The reference for `fray serve`'s start: the web framework alone, bundled as `fray serve`'s chunk
// bundles it, answering one route. What `fray serve` costs beyond it is Fray's own.
const FRAMEWORK = join(work, 'framework-alone.mjs');
await build({
  input: join(work, 'framework-entry.mjs'),
  platform: 'node',
  logLevel: 'silent',
  cwd: ROOT,
  output: { file: FRAMEWORK, format: 'esm', charset: 'ascii' },
  plugins: [
    {
      name: 'framework-entry',
      resolveId: (id) => (id.endsWith('framework-entry.mjs') ? id : null),
      load: (id) =>
        id.endsWith('framework-entry.mjs')
          ? `import Fastify from ${JSON.stringify(createRequire(join(ROOT, 'package.json')).resolve('fastify'))};
const app = Fastify();
app.get('/', async () => 'ok');
console.log(await app.listen({ port: 0, host: '127.0.0.1' }));`
          : null,
    },
  ],
});

/** A server from the spawn to its page answered (the address it prints); its CPU to then. */
async function firstAnswer(
  bin = BIN,
  name = 'fray serve, to its first answer',
  only?: readonly string[],
): Promise<void> {
  const campaign = join(tmpdir(), `fray-bench-${process.pid}.db`);
  const args = only ?? [bin, 'serve', '--campaign', campaign, '--port', '0'];
  const server = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    const address = await new Promise<string>((resolve, reject) => {
      let out = '';
      server.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /http:\/\/\S+/.exec(out);
        if (m) resolve(m[0]);
      });
      server.on('exit', (code) => reject(new Error(`fray serve ended (${code}) before it listened`)));
    });
    const page = await fetch(address);
    if (!page.ok) throw new Error(`the GM's page answered ${page.status}`);
    await page.text();
    account(name, statCpu(`/proc/${server.pid}/stat`, false));
  } finally {
    server.kill();
    await new Promise((r) => server.once('exit', r));
    for (const end of ['', '-wal', '-shm']) rmSync(`${campaign}${end}`, { force: true });
  }
}

describe('fray serve', () => {
  bench(
    'start to first answer',
    async () => {
      await firstAnswer();
      await firstAnswer(BIN, 'fastify alone, bundled, one route', [FRAMEWORK]);
      if (BEFORE !== undefined)
        await firstAnswer(join(BEFORE, 'dist', 'cli', 'bin.js'), 'fray serve, to its first answer (before)');
    },
    { iterations: 5, time: 0 },
  );
});

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  const per = (name: string) => {
    const x = used.get(name);
    return x ? x.seconds / x.runs : NaN;
  };
  const ms = (s: number) => `${(s * 1000).toFixed(0)} ms`;
  const floors = CASES.map((c) => per(`${FLOOR} beside ${c.name}`));
  const floor = floors.reduce((a, b) => a + b, 0) / floors.length;
  console.log(`${FLOOR}: ${ms(floor)} CPU a run, the mean of the runs beside each command`);
  for (const c of CASES) {
    const beside = per(`${FLOOR} beside ${c.name}`);
    const ratio = (s: number) => `${(s / beside).toFixed(2)}×`;
    const now = per(c.name);
    const before =
      BEFORE === undefined
        ? ''
        : `; before: ${ms(per(`${c.name} (before)`))}, ${ratio(per(`${c.name} (before)`))}`;
    console.log(
      `${c.name}: ${ms(now)} CPU a run (${used.get(c.name)?.runs ?? 0} runs), ${ratio(now)} the floor beside it (${ms(beside)}): ${now <= 3 * beside ? 'within' : 'over'} 3×${before}`,
    );
  }
  for (const name of [
    'fray serve, to its first answer',
    'fray serve, to its first answer (before)',
    'fastify alone, bundled, one route',
  ]) {
    const serve = per(name);
    if (!Number.isNaN(serve))
      console.log(`${name}: ${ms(serve)} CPU, ${(serve / floor).toFixed(2)}× the floor`);
  }
});
