// The GM's rulings (issue 16): kept in the input log with their reasons, applied by the engine,
// replayed exactly, refused with the reason when they do not fit.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  AskingDriver,
  AutoDriver,
  formatRuling,
  InputError,
  parseRuling,
  RulingError,
  runFight,
  type Input,
  type Request,
} from '../src/core/index.js';
import { Rng, SeededDice } from '../src/dice/index.js';
import { encounterPath, fray, loadFile, loadText, ROOT } from './helpers.js';

const auto = (seed = 1) => new AutoDriver(new SeededDice(Rng.seeded(seed)));
const skaven = () => loadFile(encounterPath('helmut-and-the-skaven.yaml'));
const texts = (r: { events: readonly { text: string }[] }) => r.events.map((e) => e.text);

describe('rulings in the log', () => {
  it('read and write the same', () => {
    for (const text of [
      '!modify -10 | fog',
      '!modify +5',
      '!set helmut W 3 | healed',
      '!give | hits the head',
      '!enter orc-4 | up the stairs',
      '!leave skallier | called away',
    ])
      expect(formatRuling(parseRuling(text))).toBe(text);
    expect(() => parseRuling('!set helmut W')).toThrow(RulingError);
    expect(() => parseRuling('!modify lots')).toThrow('modify: expected a whole number');
    expect(() => parseRuling('!fly away')).toThrow("'fly' is not a ruling");
    expect(() => parseRuling('!modify 99999')).toThrow('out of reach');
  });

  it('a modifier changes what the roll needs, shown in the arithmetic, and replays the same', () => {
    const l = skaven();
    // Helmut's declaration, the Skaven's, his blow; then −20 for fog at his to-hit roll of 30.
    const inputs: Input[] = ['fight', 'fight', 'strike', '!modify -20 | fog', 30];
    const r = runFight(l.ruleset, l.setup, { inputs, driver: auto(), explain: true, record: true });
    const blow = texts(r).find((t) => t.startsWith('Helmut strikes at Skaven'));
    expect(blow).toBe('Helmut strikes at Skaven with sword: D100 30 > WS 45 − 20 GM: fog = 25: miss.');
    expect(r.log.slice(0, 5)).toEqual(inputs);
    const again = runFight(l.ruleset, l.setup, { inputs: r.log, driver: auto(99), explain: true });
    expect(texts(again)).toEqual(texts(r));
    // Without it, 30 hits.
    const plain = runFight(l.ruleset, l.setup, {
      inputs: ['fight', 'fight', 'strike', 30],
      driver: auto(),
      explain: true,
    });
    expect(texts(plain).find((t) => t.startsWith('Helmut strikes at Skaven'))).toContain('30 ≤ WS 45: hit');
  });

  it('set changes a number within its bounds, with the reason in the log', () => {
    const l = skaven();
    const r = runFight(l.ruleset, l.setup, {
      inputs: ['fight', 'fight', 'strike', '!set helmut W 3 | bruised on the stairs', 90],
      driver: auto(),
      explain: true,
      maxRounds: 1,
    });
    expect(texts(r)).toContain("Helmut's W: 8 → 3 (GM's ruling: bruised on the stairs).");
    expect(() =>
      runFight(l.ruleset, l.setup, {
        inputs: ['fight', 'fight', 'strike', '!set helmut W 30'],
        driver: auto(),
      }),
    ).toThrow("input 4: Helmut's W: expected 0..8, got 30");
    expect(() =>
      runFight(l.ruleset, l.setup, {
        inputs: ['fight', 'fight', 'strike', '!set gunther W 3'],
        driver: auto(),
      }),
    ).toThrow(/input 4: nobody with the id 'gunther'/);
    expect(() =>
      runFight(l.ruleset, l.setup, {
        inputs: ['fight', 'fight', 'strike', '!set helmut luck 3'],
        driver: auto(),
      }),
    ).toThrow(/Helmut has no number 'luck' to set \(W, stunned, prone/);
    // A condition given by rounds: stunned for 2 rounds, no action in round 1.
    const stunned = runFight(l.ruleset, l.setup, {
      inputs: ['!set skaven stunned 2 | a flash of light'],
      driver: auto(),
      explain: true,
      maxRounds: 1,
    });
    expect(texts(stunned)).toContain("Skaven's stunned: 0 → 2 (GM's ruling: a flash of light).");
    expect(texts(stunned).some((t) => t.startsWith('Skaven strikes'))).toBe(false);
  });

  it('a modifier at a question that is not a roll is refused', () => {
    const l = skaven();
    expect(() => runFight(l.ruleset, l.setup, { inputs: ['!modify -10 | fog'], driver: auto() })).toThrow(
      InputError,
    );
  });

  it('give marks the answer as the GM’s, with the reason', () => {
    const l = skaven();
    const r = runFight(l.ruleset, l.setup, {
      inputs: ['fight', 'fight', 'strike', '!give | the Skaven slips on the ice', 1],
      driver: auto(),
      explain: true,
      maxRounds: 1,
    });
    expect(texts(r)).toContain(
      'The GM answers "Helmut: to hit Skaven (need 45 or less)": 1 (GM\'s ruling: the Skaven slips on the ice).',
    );
  });

  it('who enters later is out of the fight until the GM brings it in; leave takes one out', () => {
    const text = readFileSync(encounterPath('helmut-and-the-skaven.yaml'), 'utf8').replace(
      /(- name: Skaven\n)/,
      '$1',
    );
    const l = loadText(
      `${text.trimEnd()}\n      - { name: Second Skaven, profile: { M: 5, WS: 33, BS: 25, S: 3, T: 3, W: 7, I: 40, A: 1, Dex: 30, Ld: 30, Int: 30, Cl: 30, WP: 30, Fel: 30 }, weapons: [sword], enters: true }\n`,
    );
    expect(l.setup.entersLater).toEqual(['second-skaven']);
    const waiting = runFight(l.ruleset, l.setup, { driver: auto(), explain: true, maxRounds: 1 });
    expect(waiting.state.combatants.find((c) => c.id === 'second-skaven')?.out).toBe('absent');
    // Named once, at the start, as one who enters later; nothing else of it.
    const named = texts(waiting).filter((t) => t.includes('Second Skaven'));
    expect(named).toHaveLength(1);
    expect(named[0]).toBe('Second Skaven (WS 33 S 3 T 3 W 7/7 I 40 A 1; sword) enters later.');
    const enters = runFight(l.ruleset, l.setup, {
      inputs: ['!enter second-skaven | it was hiding'],
      driver: auto(),
      explain: true,
      maxRounds: 2,
    });
    expect(texts(enters)).toContain("Second Skaven enters the fight (GM's ruling: it was hiding).");
    expect(texts(enters).some((t) => /Order:.*Second Skaven/.test(t))).toBe(true);
    const twice = ['!enter second-skaven', '!enter second-skaven'];
    expect(() => runFight(l.ruleset, l.setup, { inputs: twice, driver: auto() })).toThrow(
      /already in the fight/,
    );
    const leaves = runFight(l.ruleset, l.setup, {
      inputs: ['!leave skaven | called home'],
      driver: auto(),
      explain: true,
    });
    expect(texts(leaves)).toContain("Skaven leaves the fight (GM's ruling: called home).");
    expect(leaves.outcome?.winner).toBe(0);
  });
});

/** The first roll answered whose label matches, in a fight played by the tactics: where to put a modifier. */
function firstRoll(l: ReturnType<typeof loadFile>, label: RegExp): { log: readonly Input[]; at: number } {
  let at = -1;
  const r = runFight(l.ruleset, l.setup, {
    driver: auto(3),
    record: true,
    onAnswer: (req: Request, index: number) => {
      if (at < 0 && req.kind === 'roll' && label.test(req.label)) at = index;
    },
  });
  return { log: r.log, at };
}

describe('every ruleset takes the GM’s modifier into its to-hit arithmetic', () => {
  const cases: [string, RegExp][] = [
    ['openquest/encounters/duel.yaml', /attack .*: (close|ranged) test/],
    ['wfrp-cp/encounters/experiments/sword-alone.yaml', /blow at/],
    ['ahq-house/encounters/crypt.yaml', /to hit|shoot/],
    ['fantasy-wargaming/encounters/duel.yaml', /luck die \(strike/],
    ['wfrp1e/encounters/demo.yaml', /to hit/],
  ];
  for (const [file, label] of cases)
    it(file, () => {
      const l = loadFile(join(ROOT, 'data', file));
      const { log, at } = firstRoll(l, label);
      expect(at, 'a to-hit roll was made').toBeGreaterThanOrEqual(0);
      const inputs = [...log.slice(0, at), '!modify -3 | mist', log[at] as Input];
      const r = runFight(l.ruleset, l.setup, { inputs, driver: auto(3), explain: true, record: true });
      expect(
        texts(r).some((t) => t.includes('GM: mist')),
        texts(r).slice(0, 12).join('\n'),
      ).toBe(true);
      expect(texts(r).some((t) => t.includes('has no number to change'))).toBe(false);
      // Asked again with the ruling given and not yet answered: the question's need has it in.
      const asked = runFight(l.ruleset, l.setup, {
        inputs: [...log.slice(0, at), '!modify -3 | mist'],
        driver: new AskingDriver(new SeededDice(Rng.seeded(3)), (req) => req.kind === 'roll'),
      });
      expect(asked.pending?.label).toMatch(label);
      expect(asked.pending?.label).toContain('3 GM: mist');
    });

  it('the question shows the need the ruling makes, in the words of the arithmetic that follows', () => {
    const l = skaven();
    const asked = (inputs: Input[]) =>
      runFight(l.ruleset, l.setup, {
        inputs,
        driver: new AskingDriver(new SeededDice(Rng.seeded(1)), (req) => req.kind === 'roll'),
      }).pending?.label;
    expect(asked(['fight', 'fight', 'strike'])).toBe('Helmut: to hit Skaven (need 45 or less)');
    expect(asked(['fight', 'fight', 'strike', '!modify -20 | fog'])).toBe(
      'Helmut: to hit Skaven (need WS 45 − 20 GM: fog = 25 or less)',
    );
    // The last modifier given is the one the roll takes, and the one it shows.
    expect(asked(['fight', 'fight', 'strike', '!modify -20 | fog', '!modify +10 | uphill'])).toBe(
      'Helmut: to hit Skaven (need WS 45 + 10 GM: uphill = 55 or less)',
    );
  });
});

describe('rulings at the terminal', () => {
  it('set, mod, give, a newcomer from the bestiary, leave and undo; the save keeps them and resumes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fray-rulings-'));
    const save = join(dir, 'fight.json');
    const file = encounterPath('helmut-and-the-skaven.yaml');
    const r = await fray(
      ['fight', file, '--interactive', '--save', save, '--seed', '1'],
      [
        'set helmut',
        'set helmut W 20',
        'set helmut W 5 healed by the priest',
        'mod -20 fog',
        'enter orc Skaven the warband arrives',
        'enter orcc Skaven typo',
        'leave orc',
        'undo',
        '30',
        'quit',
      ],
    );
    expect(r.code).toBe(0);
    expect(r.out).toContain("Helmut's numbers: W 8 (Wounds (0..8))");
    expect(r.out).toContain("Helmut's W: expected 0..8, got 20; nothing changed.");
    expect(r.out).toContain("Helmut's W: 8 → 5 (GM's ruling: healed by the priest).");
    expect(r.out).toContain("(-20: fog to this roll, by the GM's ruling)");
    expect(r.out).toContain("Orc enters the fight (GM's ruling: the warband arrives).");
    expect(r.out).toContain("use: unknown creature 'orcc' (did you mean orc?); nothing changed.");
    expect(r.out).toContain("Orc leaves the fight (GM's ruling).");
    expect(r.out).toContain('D100 30 > WS 45 − 20 GM: fog = 25: miss.');
    const saved = JSON.parse(readFileSync(save, 'utf8'));
    expect(saved.inputs.slice(0, 7)).toEqual([
      'fight',
      'fight',
      'strike',
      '!set helmut W 5 | healed by the priest',
      '!modify -20 | fog',
      '!enter orc | the warband arrives',
      30,
    ]);
    expect(saved.encounter.sides[1].combatants.at(-1)).toEqual({ use: 'orc', enters: true });
    const resumed = await fray(['fight', '--resume', save, '--json']);
    expect(resumed.code).toBe(0);
    expect(JSON.parse(resumed.out).events.map((e: { text: string }) => e.text)).toContain(
      "Orc enters the fight (GM's ruling: the warband arrives).",
    );
    // A save whose ruling does not fit is refused with its place, and kept.
    saved.inputs[3] = '!set helmut W 99 | too much';
    writeFileSync(save, JSON.stringify(saved));
    const bad = await fray(['fight', '--resume', save]);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain("Helmut's W: expected 0..8, got 99");
  });
});
