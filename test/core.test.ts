import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AskingDriver, AutoDriver, FightContext, Pending } from '../src/core/context.js';
import { SourceDoc, ValidationError, validate } from '../src/core/document.js';
import { z } from 'zod';
import { runFight } from '../src/core/fight.js';
import { closeMatches, editDistance } from '../src/core/names.js';
import { decide } from '../src/core/say.js';
import { descendingGroups } from '../src/core/order.js';
import { InputError, type ChoiceRequest } from '../src/core/request.js';
import { decideOutcome } from '../src/core/state.js';
import { rangeTable, TableError } from '../src/core/table.js';
import { Rng, SeededDice } from '../src/dice/index.js';
import { encounterPath, loadFile, loadText, runSeeded } from './helpers.js';

function issues(f: () => unknown): string[] {
  try {
    f();
  } catch (e) {
    if (e instanceof ValidationError) return e.message.split('\n');
    throw e;
  }
  throw new Error('expected a ValidationError');
}

const HELMUT = `ruleset: wfrp1e
options: { criticals: sudden-death }
sides:
  - name: Heroes
    combatants:
      - name: Helmut
        profile: { M: 4, WS: 145, BS: 30, S: 4, T: 3, W: 8, I: 45, A: 1, Dex: 30, Ld: 30, Int: 30, Cl: 30, WP: 30, Fel: 30 }
        weapons: [sword]
        armour: [mail-shirt, helmet]
        tactics: { parry: never }
  - name: Skaven
    combatants:
      - { use: skaven, count: 3 }
`;

describe('encounter validation', () => {
  it('names file, line, column and field, and what was expected', () => {
    expect(issues(() => loadText(HELMUT))).toEqual([
      'inline.yaml:7:30 sides[0].combatants[0].profile.WS: expected a whole number 0..100',
    ]);
  });
  it('lists close matches for an unknown creature, weapon or armour', () => {
    const yaml = HELMUT.replace('WS: 145', 'WS: 45')
      .replace('[sword]', '[swrod]')
      .replace('use: skaven', 'use: skavn')
      .replace('helmet]', 'helmat]');
    expect(issues(() => loadText(yaml))).toEqual([
      "inline.yaml:8:19 sides[0].combatants[0].weapons[0]: unknown weapon 'swrod' (did you mean sword?)",
      "inline.yaml:9:30 sides[0].combatants[0].armour[1]: unknown armour 'helmat' (did you mean helmet?)",
      "inline.yaml:13:16 sides[1].combatants[0].use: unknown creature 'skavn' (did you mean skaven?)",
    ]);
  });
  it('loads every ruleset the same way: unknown names, nameless entries, sides named twice, counts', () => {
    const minimal: Record<string, { a: string; b: string }> = {
      wfrp1e: { a: '{ use: human, name: Ann }', b: '{ use: orc }' },
      'wfrp-cp': { a: '{ use: human, name: Ann }', b: '{ use: orc }' },
      openquest: { a: '{ use: orc, name: Ann }', b: '{ use: orc }' },
      'ahq-house': { a: '{ use: skaven, name: Ann, at: [1, 1] }', b: '{ use: orc, at: [3, 1] }' },
    };
    for (const [ruleset, m] of Object.entries(minimal)) {
      const map = ruleset === 'ahq-house' ? 'map: "#####\\n#...#\\n#####"\n' : '';
      const yaml = (a: string, b: string, nameB = 'B') =>
        `ruleset: ${ruleset}\n${map}sides:\n  - name: A\n    combatants:\n      - ${a}\n  - name: ${nameB}\n    combatants:\n      - ${b}\n`;
      expect(loadText(yaml(m.a, m.b)).setup.title, ruleset).toBe('inline.yaml');
      expect(
        issues(() => loadText(yaml(m.a, m.b.replace('orc', 'orcc')))),
        ruleset,
      ).toContain(
        `inline.yaml:${map ? 9 : 8}:16 sides[1].combatants[0].use: unknown creature 'orcc' (did you mean orc?)`,
      );
      expect(
        issues(() => loadText(yaml(m.a, m.b, 'A'))),
        ruleset,
      ).toContain(`inline.yaml:${map ? 7 : 6}:11 sides[1].name: two sides are named 'A'`);
      expect(
        issues(() => loadText(yaml(m.a.replace(', name: Ann', '').replace(/use: \w+/, 'name: ""'), m.b))),
        ruleset,
      ).not.toEqual([]);
    }
    const oq = loadText(
      'ruleset: openquest\nsides:\n  - name: A\n    combatants:\n      - { use: orc, count: 2 }\n      - { use: orc }\n  - name: B\n    combatants:\n      - { use: goblin }\n',
    );
    expect(
      (oq.setup as unknown as { fighters: { id: string; name: string }[] }).fighters.map(
        (f) => `${f.id}:${f.name}`,
      ),
    ).toEqual(['orc-1:Orc 1', 'orc-2:Orc 2', 'orc:Orc', 'goblin:Goblin']);
    // Entries of one creature are numbered on from each other: no two Goblin 1.
    const goblins = loadText(
      'ruleset: openquest\nsides:\n  - name: A\n    combatants:\n      - { use: orc }\n  - name: B\n    combatants:\n      - { use: goblin, count: 2 }\n      - { use: goblin, count: 2 }\n      - { use: goblin }\n',
    );
    expect(
      (goblins.setup as unknown as { fighters: { name: string }[] }).fighters.map((f) => f.name),
    ).toEqual(['Orc', 'Goblin 1', 'Goblin 2', 'Goblin 3', 'Goblin 4', 'Goblin']);
  });
  it('catches unknown fields, options and values', () => {
    const yaml = HELMUT.replace('WS: 145', 'WS: 45').replace('tactics:', 'tactic:');
    expect(issues(() => loadText(yaml))).toEqual([
      "inline.yaml:10:9 sides[0].combatants[0]: unknown field 'tactic' (did you mean tactics?)",
    ]);
    expect(
      issues(() => loadText(HELMUT.replace('WS: 145', 'WS: 45').replace('sudden-death', 'sudden'))),
    ).toEqual(['inline.yaml:2:23 options.criticals: expected one of detailed, sudden-death']);
    expect(
      issues(() => loadText(HELMUT.replace('WS: 145', 'WS: 45').replace('criticals:', 'critical:'))),
    ).toEqual([
      "inline.yaml:2:12 options: unknown option 'critical' (did you mean criticals, missileCriticals?); options: criticals, fumbles, additionalDamage, effectiveInitiative, weaponModifiers, multipleAttacks, blowSpacing, parryTest, monsterParry, specialistWeapons, takeUp, chargeBonus, missileCriticals, reloadStress, extremeAim, bracerPenalty, fireDamage",
    ]);
  });
  it('refuses armour layered against the rules, and more hands than a combatant has', () => {
    const yaml = HELMUT.replace('WS: 145', 'WS: 45')
      .replace('[mail-shirt, helmet]', '[mail-shirt, mail-coat]')
      .replace('[sword]', '[sword, shield, dagger]');
    const found = issues(() => loadText(yaml));
    expect(found).toContain(
      'inline.yaml:8:18 sides[0].combatants[0].weapons: holds sword, shield, dagger: that needs 3 hands, and a combatant has 2',
    );
    expect(
      found.some((f) =>
        f.startsWith(
          'inline.yaml:9:17 sides[0].combatants[0].armour: mail-shirt and mail-coat all cover body: only these layerings are allowed',
        ),
      ),
    ).toBe(true);
  });
  it('names the ruleset choices and needs two sides', () => {
    expect(issues(() => loadText('ruleset: wfrp2e\nsides: []\n'))).toEqual([
      "inline.yaml:1:10 ruleset: unknown ruleset 'wfrp2e' (did you mean wfrp1e?); known: wfrp1e, wfrp-cp, openquest, fantasy-wargaming, ahq-house",
    ]);
    expect(
      issues(() => loadText('ruleset: wfrp1e\nsides:\n  - { name: A, combatants: [{ use: orc }] }\n')),
    ).toEqual(['inline.yaml:3:3 sides: expected at least two sides']);
    expect(issues(() => loadText('sides: []'))).toEqual([
      'inline.yaml:1:1 ruleset: missing; expected one of wfrp1e, wfrp-cp, openquest, fantasy-wargaming, ahq-house',
    ]);
  });
  it('reports YAML syntax errors with their line', () => {
    expect(issues(() => loadText('ruleset: wfrp1e\nsides: [\n'))[0]).toMatch(
      /^inline\.yaml:3:1: not valid YAML\/JSON/,
    );
  });
  it('reads JSON as well', () => {
    const json = JSON.stringify({
      ruleset: 'wfrp1e',
      sides: [
        { name: 'A', combatants: [{ use: 'orc' }] },
        { name: 'B', combatants: [{ use: 'goblin' }] },
      ],
    });
    expect(loadText(json).ruleset.id).toBe('wfrp1e');
  });
});

describe('helpers', () => {
  it('suggests close names', () => {
    expect(editDistance('skavn', 'skaven')).toBe(1);
    expect(closeMatches('swrod', ['sword', 'spear', 'shield'])).toEqual(['sword']);
    expect(closeMatches('zzz', ['sword'])).toEqual([]);
  });
  it('groups equal keys, highest first, keeping order within a group', () => {
    expect(
      descendingGroups(
        [
          ['a', 40],
          ['b', 45],
          ['c', 40],
        ] as const,
        (x) => x[1],
      ).map((g) => g.map((x) => x[0])),
    ).toEqual([['b'], ['a', 'c']]);
  });
  it('checks that a table covers its range', () => {
    expect(() =>
      rangeTable('t', 1, 10, [
        [1, 5, 'a'],
        [7, 10, 'b'],
      ]),
    ).toThrow(TableError);
    expect(() =>
      rangeTable('t', 1, 10, [
        [1, 5, 'a'],
        [6, 9, 'b'],
      ]),
    ).toThrow(TableError);
    expect(
      rangeTable('t', 1, 10, [
        [1, 5, 'a'],
        [6, 10, 'b'],
      ]),
    ).toHaveLength(2);
  });
  it('decides the outcome from who is still standing', () => {
    const sides = [
      { name: 'A', players: true },
      { name: 'B', players: false },
    ];
    const c = (side: number, out: null | 'dead') => ({ id: `${side}`, name: '', side, out });
    expect(decideOutcome({ round: 3, sides, combatants: [c(0, null), c(1, null)] })).toBe(null);
    expect(decideOutcome({ round: 3, sides, combatants: [c(0, null), c(1, 'dead')] })).toEqual({
      winner: 0,
      reason: 'victory',
      rounds: 3,
    });
    expect(decideOutcome({ round: 3, sides, combatants: [c(0, 'dead'), c(1, 'dead')] })).toEqual({
      winner: null,
      reason: 'all-out',
      rounds: 3,
    });
  });
});

describe('the replay model', () => {
  const loaded = () => loadFile(encounterPath('demo.yaml'));

  it('the same seed gives the same fight, event for event', () => {
    const a = runSeeded(loaded(), 123);
    const b = runSeeded(loaded(), 123);
    expect(b.events).toEqual(a.events);
    expect(runSeeded(loaded(), 124).events).not.toEqual(a.events);
  });

  it('replaying the input log gives the same fight without any dice', () => {
    const l = loaded();
    const first = runSeeded(l, 77);
    const never = new AskingDriver(new SeededDice(Rng.seeded(0)), () => true);
    const again = runFight(l.ruleset, l.setup, {
      inputs: first.log,
      driver: never,
      explain: true,
      record: true,
    });
    expect(again.pending).toBe(null);
    expect(again.events).toEqual(first.events);
    expect(again.log).toEqual(first.log);
  });

  it('undo is: drop the last input and replay; the same question comes back', () => {
    const l = loaded();
    const first = runSeeded(l, 5);
    const cut = first.log.slice(0, 40);
    const asking = new AskingDriver(new SeededDice(Rng.seeded(0)), () => true);
    const at40 = runFight(l.ruleset, l.setup, { inputs: cut, driver: asking, explain: true, record: true });
    const at39 = runFight(l.ruleset, l.setup, {
      inputs: cut.slice(0, 39),
      driver: asking,
      explain: true,
      record: true,
    });
    expect(at40.pending).not.toBe(null);
    expect(at39.pending).not.toBe(null);
    // Answering the 40th request as before leads back to the same place.
    const redo = runFight(l.ruleset, l.setup, {
      inputs: [...cut.slice(0, 39), cut[39]!],
      driver: asking,
      explain: true,
      record: true,
    });
    expect(redo.events).toEqual(at40.events);
    expect(redo.pending).toEqual(at40.pending);
    expect(at39.events.length).toBeLessThanOrEqual(at40.events.length);
  });

  it('refuses a log that does not fit the fight', () => {
    const l = loaded();
    const driver = new AutoDriver(new SeededDice(Rng.seeded(1)));
    expect(() => runFight(l.ruleset, l.setup, { inputs: ['parry'], driver })).toThrow(InputError);
    expect(() =>
      runFight(l.ruleset, l.setup, { inputs: ['fight', 'fight', 'fight', 'fight', 'fight', 101], driver }),
    ).toThrow(/^input 6: 101 is not a choice for/);
  });

  it('a person-driven fight pauses with the request instead of throwing', () => {
    const l = loaded();
    const r = runFight(l.ruleset, l.setup, {
      driver: new AskingDriver(new SeededDice(Rng.seeded(1)), () => true),
      explain: true,
    });
    expect(r.pending?.kind).toBe('choice');
    expect(r.outcome).toBe(null);
    expect(r.pending?.label).toBe('Helmut (engaged with Orc 1, Goblin): what this round?');
  });

  it('the context answers from the log first, then the driver, and records both', () => {
    const ctx = new FightContext([4], new AutoDriver(new SeededDice(Rng.seeded(3))), false, true);
    expect(ctx.die(6, 'x')).toBe(4);
    const next = ctx.die(6, 'y');
    expect(ctx.log).toEqual([4, next]);
    const asking = new FightContext(
      [],
      new AskingDriver(new SeededDice(Rng.seeded(3)), () => true),
      false,
      true,
    );
    expect(() => asking.die(6, 'z')).toThrow(Pending);
  });
});

describe('errors that say what is accepted', () => {
  it('a union names what each of its forms expects; a facing names the four', () => {
    const doc = SourceDoc.parse('t.yaml', 'bleed: 7\n');
    const schema = z.strictObject({ bleed: z.union([z.literal(1), z.literal('D4')]) });
    expect(issues(() => validate(schema, doc, doc.data))).toEqual(['t.yaml:1:8 bleed: expected 1, or D4']);
    const ahq =
      'ruleset: ahq-house\nmap: "#####\\n#...#\\n#####"\nsides:\n  - name: A\n    combatants:\n      - { use: skaven, at: [1, 1], facing: West }\n  - name: B\n    combatants:\n      - { use: orc, at: [3, 1] }\n';
    expect(issues(() => loadText(ahq))).toEqual([
      'inline.yaml:6:44 sides[0].combatants[0].facing: expected a facing, N, E, S or W, or a list of them, one per model',
    ]);
  });
  it('an unknown field with no close match lists the fields there are', () => {
    const oq =
      'ruleset: openquest\nsides:\n  - name: A\n    combatants:\n      - { use: orc, name: Ann, skills: { melee: 60 } }\n  - name: B\n    combatants:\n      - { use: orc }\n';
    const [message] = issues(() => loadText(oq));
    expect(message).toContain("skills: unknown field 'melee'; fields: close, ranged, unarmed, dodge");
  });
});

describe('options written as YAML numbers', () => {
  it('are the option’s word all the same (firstStrike: 4)', () => {
    const fw =
      'ruleset: fantasy-wargaming\noptions: { firstStrike: 4 }\nsides:\n  - name: A\n    combatants:\n      - { name: Ann, characteristics: { physique: 12, agility: 12, endurance: 12, intelligence: 11, bravery: 11 }, combatLevel: 2, weapons: [broadsword] }\n  - name: B\n    combatants:\n      - { name: Bob, characteristics: { physique: 12, agility: 12, endurance: 12, intelligence: 11, bravery: 11 }, combatLevel: 2, weapons: [broadsword] }\n';
    expect(loadText(fw).options.firstStrike).toBe('4');
  });
});

describe('lists where a repeat is a slip', () => {
  it('a spell listed twice is refused at its line, and fray sim never sees it', () => {
    const cp =
      'ruleset: wfrp-cp\nsides:\n  - name: A\n    combatants:\n      - { use: human, name: Ann, weapons: [sword], abilities: { swords: 20 }, mage: { level: 1, spells: [sleep, sleep] } }\n  - name: B\n    combatants:\n      - { use: orc }\n';
    expect(issues(() => loadText(cp))).toEqual([
      "inline.yaml:5:113 sides[0].combatants[0].mage.spells[1]: 'sleep' is listed twice (first at [0])",
    ]);
    const w1 = HELMUT.replace('WS: 145', 'WS: 45').replace(
      'tactics: { parry: never }',
      'tactics: { parry: never }\n        skills: [wrestling, wrestling]',
    );
    expect(issues(() => loadText(w1))).toEqual([
      "inline.yaml:11:29 sides[0].combatants[0].skills[1]: 'wrestling' is listed twice (first at [0])",
    ]);
  });
  it('a choice offered twice under one key is offered once', () => {
    const seen: string[][] = [];
    class Watching extends AutoDriver {
      override choose(req: ChoiceRequest): string {
        seen.push(req.choices.map((c) => c.key));
        return super.choose(req);
      }
    }
    const ctx = new FightContext([], new Watching(new SeededDice(Rng.seeded(1))), false, true);
    const choices = [
      { key: 'a', label: 'first a' },
      { key: 'b', label: 'b' },
      { key: 'a', label: 'second a' },
    ];
    expect(decide(ctx, null, 't', 'pick', choices, 'b')).toBe('b');
    expect(seen).toEqual([['a', 'b']]);
  });
});

describe('refusals of hostile or huge files, in our words and located', () => {
  it('a file of forty thousand wrong keys lists twenty and counts the rest', () => {
    const keys = Array.from({ length: 40_000 }, (_, i) => `        k${i}: ${i}`).join('\n');
    const yaml = `ruleset: wfrp1e\nsides:\n  - name: A\n    combatants:\n      - use: human\n        name: Ann\n${keys}\n  - name: B\n    combatants:\n      - use: orc\n`;
    const found = issues(() => loadText(yaml));
    expect(found).toHaveLength(21);
    expect(found[0]).toMatch(/^inline\.yaml:7:9 sides\[0\]\.combatants\[0\]: unknown field 'k0'/);
    expect(found[20]).toBe('inline.yaml: and 39980 more problems like these');
  });
  it('a key twice, a key that is a list, and an alias bomb: each at its line', () => {
    expect(issues(() => loadText('a: 1\na: 2\n? [x]\n: 3\n'))).toEqual([
      "inline.yaml:2:1: the key 'a' appears twice in one map",
      'inline.yaml:3:3: a key must be a plain name or number, not a list or map',
    ]);
    let bomb = 'ruleset: wfrp1e\nx0: &a [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]\n';
    for (let i = 1; i < 10; i++) {
      const prev = String.fromCharCode(96 + i);
      bomb += `x${i}: &${String.fromCharCode(97 + i)} [${Array(10).fill(`*${prev}`).join(', ')}]\n`;
    }
    expect(issues(() => loadText(bomb))).toEqual([
      'inline.yaml:3:9: its aliases (*a) repeat the same values more than 100 times over: write the values out, or use fewer aliases',
    ]);
  });
  it('an alias with no anchor is named as such; an anchor used exactly 100 times is read, 101 refused (issue 29)', () => {
    expect(issues(() => loadText('ruleset: wfrp1e\nsides: *nope\n'))).toEqual([
      'inline.yaml:2:8: the alias *nope names no anchor (&nope) above it',
    ]);
    const uses = (n: number) => `a: &x 1\nb: [${Array(n).fill('*x').join(', ')}]\n`;
    expect((SourceDoc.parse('inline.yaml', uses(100)).data as { b: number[] }).b).toHaveLength(100);
    expect(issues(() => SourceDoc.parse('inline.yaml', uses(101)))).toEqual([
      'inline.yaml:2:5: its aliases (*x) repeat the same values more than 100 times over: write the values out, or use fewer aliases',
    ]);
  });
  it('a file nested deeper than 64 lists and maps is refused in our words, however deep (issue 29)', () => {
    for (const n of [65, 1000, 100_000]) {
      const found = issues(() => loadText(`ruleset: wfrp1e\nsides: ${'['.repeat(n)}${']'.repeat(n)}\n`));
      expect(found).toHaveLength(1);
      expect(found[0]).toMatch(
        /^inline\.yaml(:\d+:\d+)?: nested too deeply: lists and maps within each other more than 64 levels down/,
      );
    }
    // 63 levels under the root's map are read (the encounter then refused for what it is, not its depth).
    const ok = issues(() => loadText(`ruleset: wfrp1e\nsides: ${'['.repeat(63)}${']'.repeat(63)}\n`));
    expect(ok.join()).not.toContain('nested too deeply');
  });
  it('a JSON text is read by JSON.parse, giving what the YAML reading gives, refused where it refuses (issue 46)', () => {
    // A comment first: not JSON, so the YAML parser reads it.
    const byYaml = (text: string) => SourceDoc.parse('x.json', `# yaml\n${text}`).data;
    const save = readFileSync(encounterPath('demo.yaml'), 'utf8');
    for (const text of [
      JSON.stringify({
        fray: 'fray-saved-fight',
        inputs: [27, 'parry', 4],
        encounter: SourceDoc.parse('d', save).data,
      }),
      '{"a": [1, 2.5, -0, 1e3, 12345678901234567890, "\\u0061\\n\\/", null, true, false], "b": {"": {}, "c": []}}',
      ' [ ] ',
      '{"__proto__": {"x": 1}, "constructor": 2}',
    ])
      expect(SourceDoc.parse('x.json', text).data, text).toEqual(byYaml(text));
    // A key twice, even spelled with an escape, and lists 65 deep: refused at their place, as ever.
    expect(issues(() => SourceDoc.parse('x.json', '{"a": 1,\n "\\u0061": 2}'))).toEqual([
      "x.json:2:2: the key 'a' appears twice in one map",
    ]);
    expect(issues(() => SourceDoc.parse('x.json', `{"a": ${'['.repeat(64)}${']'.repeat(64)}}`))[0]).toMatch(
      /^x\.json:1:\d+: nested too deeply/,
    );
    expect(SourceDoc.parse('x.json', `{"a": ${'['.repeat(63)}${']'.repeat(63)}}`).data).toBeTruthy();
    // Where a value stands is still found.
    expect(SourceDoc.parse('x.json', '{\n  "a": {\n    "b": [1, 2]\n  }\n}\n').locate(['a', 'b', 1])).toEqual(
      {
        line: 3,
        col: 14,
      },
    );
  });
  it('the refusal names the 65th level, counted before the file is built, in every shape of nesting (issue 44)', () => {
    // The root map is level 1, `sides:`'s list level 2 at column 8: the 64th '[' is level 65.
    const at = (text: string) => issues(() => SourceDoc.parse('deep.yaml', text))[0]?.split(': nested')[0];
    expect(at(`ruleset: wfrp1e\nsides: ${'['.repeat(2000)}`)).toBe('deep.yaml:2:71');
    expect(at(`ruleset: wfrp1e\nsides: ${'{a: '.repeat(2000)}`)).toBe(`deep.yaml:2:${8 + 63 * 4}`);
    // Block lists in the compact form ("- - - x") and block maps by indentation nest too.
    expect(at(`${'- '.repeat(2000)}x\n`)).toBe(`deep.yaml:1:${1 + 64 * 2}`);
    const indented = Array.from({ length: 200 }, (_, i) => `${' '.repeat(i)}a:`).join('\n');
    expect(at(`${indented} 1\n`)).toBe('deep.yaml:65:65');
    // Unclosed, quoted and commented brackets: only the parser's own lists count.
    const quiet = `a: "${'['.repeat(5000)}"\nb: # ${'{'.repeat(5000)}\n  - 1\n`;
    expect(SourceDoc.parse('quiet.yaml', quiet).data).toEqual({ a: '['.repeat(5000), b: [1] });
  });
});
