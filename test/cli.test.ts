import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { printable } from '../src/core/names.js';
import { encounterPath, fray, ROOT } from './helpers.js';

const demo = encounterPath('demo.yaml');
const tmp = () => mkdtempSync(join(tmpdir(), 'fray-'));

describe('fray fight', () => {
  it('prints the fight explained, rule by rule, with citations', async () => {
    const r = await fray(['fight', demo, '--seed', '7']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('The bridge at Grissenwald');
    expect(r.out).toContain('── Round 1 ──');
    expect(r.out).toContain('[WFRP 1e (1986), Combat § Combat Procedure]');
    expect(r.out).toMatch(/Result: .+ after \d+ rounds?\./);
  });

  it('prints JSON with the outcome, events and inputs', async () => {
    const r = await fray(['fight', demo, '--seed', '7', '--json']);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.ruleset).toBe('wfrp1e');
    expect(j.seed).toBe(7);
    expect(typeof j.outcome.rounds).toBe('number');
    expect(j.events.length).toBeGreaterThan(5);
    expect(j.inputs.length).toBeGreaterThan(5);
    expect(j.options.criticals).toBe('detailed');
    expect(j.events).toContainEqual(
      expect.objectContaining({
        cite: {
          source: 'WFRP 1e (1986), Combat',
          section: 'Combat Procedure',
          text: 'WFRP 1e (1986), Combat § Combat Procedure',
        },
      }),
    );
  });

  it('takes scripted dice, and names the roll when they run out', async () => {
    const r = await fray(['fight', encounterPath('helmut-and-the-skaven.yaml'), '--dice', '60,22,1']);
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      'fray: the dice script ran out after 3 rolls, at: D100 for Skaven: to hit Helmut (need WS 33 + 10 winning = 43 or less)\n',
    );
  });

  it('refuses an impossible scripted roll', async () => {
    const r = await fray(['fight', encounterPath('helmut-and-the-skaven.yaml'), '--dice', '60,22,7']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('dice script entry 3 (7): 7 is impossible on D6 (expected 1..6)');
  });

  it('saves a small file and resumes from it to the same end', async () => {
    const dir = tmp();
    const save = join(dir, 'fight.json');
    const first = await fray(['fight', demo, '--seed', '11', '--save', save]);
    expect(first.code).toBe(0);
    expect(readFileSync(save, 'utf8').length).toBeLessThan(20_000);
    const again = await fray(['fight', '--resume', save]);
    expect(again.code).toBe(0);
    const result = (s: string) => s.split('\n').find((l) => l.startsWith('Result:'));
    expect(result(again.out)).toBe(result(first.out));
  });

  it('refuses bad input with exit code 2, file, line and field, and writes nothing', async () => {
    const dir = tmp();
    const bad = join(dir, 'enc.yaml');
    writeFileSync(
      bad,
      'ruleset: wfrp1e\nsides:\n  - name: A\n    combatants: [{ use: orc, profile: { WS: 120 } }]\n  - name: B\n    combatants: [{ use: goblin }]\n',
    );
    const save = join(dir, 'out.json');
    const r = await fray(['fight', bad, '--save', save]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(
      /enc\.yaml:4:\d+ sides\[0\]\.combatants\[0\]\.profile\.WS: expected a whole number 0\.\.100/,
    );
    expect(existsSync(save)).toBe(false);
    expect(r.out).toBe('');
  });

  it('says when a file is missing, an option unknown or a flag malformed', async () => {
    expect((await fray(['fight', 'no-such.yaml'])).err).toBe(
      'fray: no-such.yaml: cannot read: no such file\n',
    );
    const o = await fray(['fight', demo, '-o', 'criticals=maybe']);
    expect(o.code).toBe(2);
    expect(o.err).toContain('criticals: expected one of detailed, sudden-death');
    const s = await fray(['fight', demo, '--seed', 'abc']);
    expect(s.code).toBe(2);
    expect(s.err).toContain("--seed: expected a whole number 0..9007199254740991, got 'abc'");
    expect((await fray(['fight'])).code).toBe(2);
  });
});

describe('fray fight --interactive', () => {
  it('asks each decision and roll, refuses impossible rolls, undoes, saves and resumes', async () => {
    const dir = tmp();
    const save = join(dir, 'fight.json');
    const file = encounterPath('helmut-and-the-skaven.yaml');
    // The declarations and the blow are routine (fighting on at the only foe): the first question is
    // Helmut's to-hit roll. 101 is refused, 30 taken back with undo, 60 kept; then quit.
    const r = await fray(
      ['fight', file, '--interactive', '--save', save, '--seed', '1'],
      ['101', '30', 'undo', '60', 'quit'],
    );
    expect(r.code).toBe(0);
    expect(r.out).not.toContain('what this round?');
    expect(r.out).toContain(
      'Roll D100 for Helmut: to hit Skaven (need 45 or less); with it, if it comes to it: damage (D6)',
    );
    expect(r.out).toContain('101 is impossible on D100 (expected 1..100)');
    expect(r.out).toContain('(undone: back to the last question you answered)');
    expect(r.out).toContain(`Saved to ${save}.`);
    const saved = JSON.parse(readFileSync(save, 'utf8'));
    expect(saved.inputs.slice(0, 4)).toEqual(['fight', 'fight', 'strike', 60]);
    const resumed = await fray(['fight', '--resume', save, '--interactive'], ['auto']);
    expect(resumed.code).toBe(0);
    expect(resumed.out).toMatch(/Result: .+ after \d+ rounds?\./);
    expect(JSON.parse(readFileSync(save, 'utf8')).inputs.slice(0, 4)).toEqual([
      'fight',
      'fight',
      'strike',
      60,
    ]);
  });

  it('takes the damage die typed with the to-hit roll, and asks routine decisions on request', async () => {
    const dir = tmp();
    const save = join(dir, 'fight.json');
    const file = encounterPath('helmut-and-the-skaven.yaml');
    // "23 4": a hit and its damage die at once; the damage is not asked again.
    const r = await fray(['fight', file, '--interactive', '--save', save, '--seed', '1'], ['23 4', 'quit']);
    expect(r.code).toBe(0);
    expect(r.out).toContain("Damage to Skaven's right arm: D6 4 + S 4 − T 3 = 5 W.");
    expect(r.out).not.toContain('Roll D6 for Helmut');
    expect(JSON.parse(readFileSync(save, 'utf8')).inputs.slice(0, 5)).toEqual([
      'fight',
      'fight',
      'strike',
      23,
      4,
    ]);
    // A miss: the die typed with it goes unused, and the log has no trace of it.
    const miss = await fray(
      ['fight', file, '--interactive', '--save', save, '--seed', '1'],
      ['90 4', 'quit'],
    );
    expect(miss.out).toContain('D100 90 > WS 45: miss.');
    expect(JSON.parse(readFileSync(save, 'utf8')).inputs).not.toContain(4);
    // --ask Helmut: his routine declaration and blow are asked too.
    const asked = await fray(['fight', file, '--interactive', '--ask', 'helmut', '--seed', '1'], ['quit']);
    expect(asked.out).toContain('Helmut (engaged with Skaven): what this round?');
    const bad = await fray(['fight', file, '--interactive', '--ask', 'Gunther'], []);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain("--ask: nobody named 'Gunther' (combatants: Helmut, Skaven, or all)");
    const roll = await fray(['fight', file, '--interactive', '--roll', 'some'], []);
    expect(roll.code).toBe(2);
    expect(roll.err).toContain("--roll: expected one of none, gm, all, got 'some'");
  });

  it('lets tactics and dice play a side', async () => {
    const r = await fray(
      [
        'fight',
        encounterPath('helmut-and-the-skaven.yaml'),
        '--interactive',
        '--auto',
        'Skaven',
        '--seed',
        '2',
      ],
      ['auto'],
    );
    expect(r.code).toBe(0);
    expect(r.out).not.toContain('Skaven: what this round?');
    const bad = await fray(
      ['fight', encounterPath('helmut-and-the-skaven.yaml'), '--interactive', '--auto', 'Orcs'],
      [],
    );
    expect(bad.code).toBe(2);
    expect(bad.err).toContain("--auto: no side named 'Orcs' (sides: Heroes, Skaven)");
  });
});

describe('fray sim', () => {
  it('prints one JSON object of the agreed shape', async () => {
    const r = await fray(['sim', demo, '--runs', '300', '--seed', '3', '--json']);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    // The agreed keys, in order; what a ruleset counts per fight, and fray-sim/2's additions, after them.
    expect(Object.keys(j).slice(0, 6)).toEqual(['runs', 'seed', 'sides', 'draws', 'meanRounds', 'tallies']);
    expect(j.schema).toBe('fray-sim/2');
    expect(j.tallies.map((t: { label: string }) => t.label)).toEqual([
      'Adventurers: standing at the end',
      'Orcs: standing at the end',
    ]);
    for (const t of j.tallies) expect(t.ci95[0]).toBeLessThanOrEqual(t.mean);
    expect(j.runs).toBe(300);
    expect(j.seed).toBe(3);
    expect(j.sides.map((s: { name: string }) => s.name)).toEqual(['Adventurers', 'Orcs']);
    for (const s of j.sides) {
      expect(Object.keys(s)).toEqual(['name', 'wins', 'winRate', 'ci95']);
      expect(s.winRate).toBeCloseTo(s.wins / 300, 10);
      expect(s.ci95[0]).toBeLessThanOrEqual(s.winRate);
      expect(s.ci95[1]).toBeGreaterThanOrEqual(s.winRate);
    }
    expect(j.sides[0].wins + j.sides[1].wins + j.draws).toBe(300);
    expect(j.meanRounds).toBeGreaterThan(0);
    const again = await fray(['sim', demo, '--runs', '300', '--seed', '3', '--json']);
    expect(again.out).toBe(r.out);
  });

  it('prints a readable table', async () => {
    const r = await fray(['sim', demo, '--runs', '100', '--seed', '3']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/Adventurers +wins +\d+ +[\d.]+% +95% CI/);
    expect(r.out).toContain('mean length:');
  });

  it('answers "how many goblins reach my archers?"', async () => {
    const r = await fray([
      'sim',
      encounterPath('archers-and-goblins.yaml'),
      '--runs',
      '40',
      '--seed',
      '3',
      '--json',
    ]);
    expect(r.code).toBe(0);
    const reach = JSON.parse(r.out).tallies.find(
      (t: { label: string }) => t.label === 'Goblins: came to hand-to-hand',
    );
    expect(reach.mean).toBeGreaterThan(0);
    expect(reach.mean).toBeLessThanOrEqual(8);
    const text = await fray([
      'sim',
      encounterPath('archers-and-goblins.yaml'),
      '--runs',
      '40',
      '--seed',
      '3',
    ]);
    expect(text.out).toMatch(/Goblins: came to hand-to-hand +\d+\.\d\d +95% CI/);
  });

  it('applies options from the command line', async () => {
    const a = await fray([
      'sim',
      demo,
      '--runs',
      '200',
      '--seed',
      '3',
      '--json',
      '-o',
      'criticals=sudden-death',
    ]);
    const b = await fray(['sim', demo, '--runs', '200', '--seed', '3', '--json']);
    expect(a.code).toBe(0);
    expect(a.out).not.toBe(b.out);
  });
});

describe('fray sheet', () => {
  it("prints a Combat Points sheet: abilities as the text writes them, CP and XP (Ernst's Swords 45/65, CP 125 before the mounted 10)", async () => {
    const r = await fray(['sheet', join(ROOT, 'data', 'wfrp-cp', 'encounters', 'ernst-and-the-ogre.yaml')]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('Swords: 15% + 30 = 45/65% (level 3), CP 125; 700 XP spent, next level 400 XP');
    expect(r.out).toContain(
      'Daggers and Knives: 10% + 10 = 20/40% (level 1), CP 100; 100 XP spent, next level 200 XP',
    );
    expect(r.out).toContain('Maces and Hammers: 20% + 20 = 40/60% (level 2), CP 90');
  });

  it("works for each ruleset's example encounter (README): every combatant, its side, what its tactics do; --json the same", async () => {
    for (const [ruleset, file, first] of [
      ['wfrp1e', 'demo.yaml', 'Helmut (Adventurers)'],
      ['wfrp-cp', 'ernst-and-the-ogre.yaml', 'Ernst (Ernst)'],
      ['openquest', 'bandits-at-the-ford.yaml', 'Aldric (Adventurers)'],
      ['fantasy-wargaming', 'raid.yaml', 'Aelfric (Saxons)'],
      ['ahq-house', 'crypt.yaml', 'Barbarian (Heroes)'],
    ] as const) {
      const path = join(ROOT, 'data', ruleset, 'encounters', file);
      const r = await fray(['sheet', path]);
      expect(r.code, ruleset).toBe(0);
      expect(r.err, ruleset).toBe('');
      // The data line first, then each combatant's sheet.
      expect(
        r.out.split('\n').find((l) => !l.startsWith('  ')),
        ruleset,
      ).toBe(first);
      const j = JSON.parse((await fray(['sheet', path, '--json'])).out) as {
        name: string;
        side: string;
        lines: string[];
        warnings: string[];
      }[];
      expect(`${j[0]?.name} (${j[0]?.side})`, ruleset).toBe(first);
      for (const c of j) {
        expect(r.out, ruleset).toContain(`${c.name} (${c.side})\n${c.lines.map((l) => `  ${l}\n`).join('')}`);
        expect(c.lines.filter((l) => l.startsWith('tactics: ')).length, `${ruleset}: ${c.name}`).toBe(1);
        expect(c.warnings).toEqual([]);
      }
    }
  });
});

describe('warnings', () => {
  const fixture = join('test', 'fixtures', 'warnings', 'wfrp1e.yaml');
  const said = [
    `${fixture}:9:19 sides[0].combatants[0].weapons[0]: warning: the flail is a specialist weapon: without the skill Specialist Weapon - Flail it is used at WS 10 (option specialistWeapons)`,
    `${fixture}:11:22 sides[0].combatants[0].ammo.bow: warning: ammo 0: the normal bow has no arrows, so it never shoots`,
    `${fixture}:12:51 sides[0].combatants[0].armour[2]: warning: the leather jacket adds nothing on the body: leather counts only where less than 2 metal AP is worn, and sleeved mail shirt and breastplate give 2`,
  ];
  const stderr = `${said.join('\n')}\n`;

  it('are said on stderr, once, by every command; exit code 0; stdout keeps its JSON', async () => {
    for (const args of [
      ['fight', fixture, '--seed', '1', '--json'],
      ['sim', fixture, '--runs', '40', '--seed', '1', '--workers', '2', '--json'],
      ['odds', fixture, '--json'],
      [
        'compare',
        fixture,
        '--a',
        'fumbles=on',
        '--b',
        'fumbles=off',
        '--runs',
        '20',
        '--seed',
        '1',
        '--workers',
        '2',
        '--json',
      ],
      [
        'sweep',
        fixture,
        '--vary',
        'sides[0].combatants[0].profile.WS=30,40',
        '--runs',
        '20',
        '--seed',
        '1',
        '--workers',
        '2',
        '--json',
      ],
    ]) {
      const r = await fray(args);
      expect(r.code, args[0]).toBe(0);
      expect(r.err, args[0]).toBe(stderr);
      expect(() => JSON.parse(r.out), args[0]).not.toThrow();
    }
  });

  it('fray sheet shows them under the combatants they concern (and in --json)', async () => {
    const r = await fray(['sheet', fixture]);
    expect(r.code).toBe(0);
    expect(r.err).toBe(stderr);
    const hans = r.out.slice(r.out.indexOf('Hans ('), r.out.indexOf('Orc 1 ('));
    for (const w of said) expect(hans).toContain(`  ${w}\n`);
    expect(r.out.slice(r.out.indexOf('Orc 1 ('))).not.toContain('warning');
    const j = JSON.parse((await fray(['sheet', fixture, '--json'])).out) as {
      name: string;
      warnings: string[];
    }[];
    expect(j.find((c) => c.name === 'Hans')?.warnings).toEqual(said.slice(0, 3));
  });

  it('a variant that mends them is not warned of: compare says those of A and B, each once', async () => {
    const r = await fray([
      'compare',
      fixture,
      '--a',
      'specialistWeapons=off',
      '--b',
      'criticals=sudden-death',
      '--runs',
      '20',
      '--seed',
      '1',
      '--workers',
      '1',
      '--json',
    ]);
    expect(r.code).toBe(0);
    expect(r.err).toBe(`${[said[1], said[2], said[0]].join('\n')}\n`);
  });
});

describe('fray rulesets and --help', () => {
  it('lists the rulesets and their options with defaults and citations', async () => {
    const r = await fray(['rulesets']);
    expect(r.code).toBe(0);
    for (const name of [
      'criticals = detailed | sudden-death (default detailed)',
      'fumbles = on | off',
      'additionalDamage = on | off',
      'effectiveInitiative = off | on',
      'weaponModifiers = off | on',
    ]) {
      expect(r.out).toContain(name);
    }
    expect(r.out).toContain('[docs/rulesets/wfrp1e.md § Burning oil]');
    const j = JSON.parse((await fray(['rulesets', '--json'])).out);
    expect(j[0].id).toBe('wfrp1e');
    expect(j[0].texts).toEqual(['WFRP 1e (1986), Combat', 'WFRP 1e (1986), Bestiary']);
    expect(j[0].options[0].cite).toEqual({
      source: 'WFRP 1e (1986), Combat',
      section: 'Critical Hits',
      text: 'WFRP 1e (1986), Combat § Critical Hits',
    });
  });

  it("names in its help and its list the registry's rulesets, in its order, without loading them", async () => {
    const { RULESETS } = await import('../src/rulesets/index.js');
    const { RULESET_IDS } = await import('../src/rulesets/ids.js');
    expect([...RULESET_IDS]).toEqual([...RULESETS.keys()]);
    // `fray rulesets` reads RULESET_ABOUT, not the rules: it must say what each ruleset says of itself.
    const { RULESET_ABOUT } = await import('../src/rulesets/about.js');
    expect(RULESET_ABOUT.map((a) => a.id)).toEqual([...RULESETS.keys()]);
    for (const a of RULESET_ABOUT) {
      const r = RULESETS.get(a.id);
      expect([r?.title, r?.texts, r?.options]).toEqual([a.title, a.texts, a.options]);
    }
    const help = (await fray(['import', '--help'])).out.replace(/\s+/g, ' ');
    expect(help).toContain(`(${[...RULESETS.keys()].join(', ')})`);
  });

  it('has --help on every command', async () => {
    for (const args of [
      ['--help'],
      ['fight', '--help'],
      ['sim', '--help'],
      ['sheet', '--help'],
      ['rulesets', '--help'],
    ]) {
      const r = await fray(args);
      expect(r.code).toBe(0);
      expect(r.out).toContain('Usage: fray');
    }
  });
});

describe('fray fight --interactive: the GM’s own dice', () => {
  it('rolls any notation, and refuses bad notation with the reason', async () => {
    const r = await fray(
      ['fight', encounterPath('helmut-and-the-skaven.yaml'), '--interactive', '--seed', '4'],
      ['roll 2D6+3', 'roll 2x6', 'quit'],
    );
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/ {2}2D6\+3: (\d+)\n/);
    const total = Number(/2D6\+3: (\d+)/.exec(r.out)?.[1]);
    expect(total).toBeGreaterThanOrEqual(5);
    expect(total).toBeLessThanOrEqual(15);
    expect(r.out).toContain("bad dice notation '2x6'");
  });
});

describe('saves and resumes, the hard cases', () => {
  const skaven = encounterPath('helmut-and-the-skaven.yaml');

  it('refuses a resume that would leave inputs unused, naming the save and the input, and keeps the file', async () => {
    const dir = tmp();
    const save = join(dir, 's.json');
    expect((await fray(['fight', demo, '--seed', '11', '--save', save])).code).toBe(0);
    const before = readFileSync(save, 'utf8');
    const r = await fray(['fight', '--resume', save, '--max-rounds', '1']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(
      /s\.json:\d+:\d+ inputs\[\d+\]: the fight is over before this input: \d+ input\(s\) left unused/,
    );
    expect(readFileSync(save, 'utf8')).toBe(before);
  });

  it('names the save, its line and the input that does not fit', async () => {
    const dir = tmp();
    const save = join(dir, 's.json');
    await fray(['fight', skaven, '--seed', '3', '--save', save]);
    const j = JSON.parse(readFileSync(save, 'utf8'));
    j.inputs[3] = 1000;
    writeFileSync(save, JSON.stringify(j, null, 2));
    const r = await fray(['fight', '--resume', save]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(
      /s\.json:\d+:\d+ inputs\[3\]: 1000 cannot answer D100 for Helmut: to hit Skaven \(need 45 or less\) \(expected 1\.\.100\)/,
    );
  });

  it('refuses a saved shot at a target beyond extreme range, saying so, and keeps the file', async () => {
    const dir = tmp();
    const enc = join(dir, 'far.yaml');
    writeFileSync(
      enc,
      [
        'ruleset: wfrp1e',
        'title: Far and near',
        'sides:',
        '  - name: Archer',
        '    combatants:',
        '      - { name: Ada, use: human, weapons: [bow], carried: [sword], at: [0, 0] }',
        '  - name: Orcs',
        '    combatants:',
        '      - { name: Near, use: orc, at: [0, 20] }',
        '      - { name: Far, use: orc, at: [0, 300] }',
        '',
      ].join('\n'),
    );
    const save = join(dir, 's.json');
    expect((await fray(['fight', enc, '--seed', '1', '--save', save, '--max-rounds', '1'])).code).toBe(0);
    const j = JSON.parse(readFileSync(save, 'utf8'));
    const shot = (j.inputs as unknown[]).indexOf('@near');
    expect(shot).toBeGreaterThan(0);
    j.inputs[shot] = '@far';
    writeFileSync(save, JSON.stringify(j, null, 2));
    const before = readFileSync(save, 'utf8');
    const r = await fray(['fight', '--resume', save]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(
      new RegExp(
        `s\\.json:\\d+:\\d+ inputs\\[${shot}\\]: "@far" is not a choice for "Ada: shoot at\\?": Far is 300 yards away, beyond the normal bow's extreme range`,
      ),
    );
    expect(readFileSync(save, 'utf8')).toBe(before);
    // At the table, the prompt says why Far is not on the list.
    const live = await fray(
      ['fight', enc, '--interactive', '--seed', '1', '--max-rounds', '1'],
      ['', '', '', '', 'quit'],
    );
    expect(live.out).toContain(
      "(not on offer: Far is 300 yards away, beyond the normal bow's extreme range)",
    );
  });

  it('--resume takes only a save, and sim only an encounter', async () => {
    const dir = tmp();
    const enc = join(dir, 'e.yaml');
    writeFileSync(enc, readFileSync(skaven, 'utf8'));
    const r = await fray(['fight', '--resume', enc]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('not a saved fight');
    expect(readFileSync(enc, 'utf8')).toBe(readFileSync(skaven, 'utf8'));
    const save = join(dir, 's.json');
    await fray(['fight', skaven, '--seed', '3', '--save', save]);
    expect((await fray(['sim', save, '--runs', '10'])).code).toBe(2);
  });

  it('keeps the round cap in the save, so a resume ends where the fight ended', async () => {
    const dir = tmp();
    const save = join(dir, 's.json');
    const first = await fray(['fight', demo, '--seed', '3', '--max-rounds', '2', '--save', save]);
    expect(first.out).toContain('Result: draw: the round cap of 2 was reached.');
    const again = await fray(['fight', '--resume', save]);
    expect(again.code).toBe(0);
    expect(again.out).toContain('Result: draw: the round cap of 2 was reached.');
  });

  it('checks the save path before running, and leaves nothing behind', async () => {
    const dir = tmp();
    const r = await fray(['fight', demo, '--seed', '3', '--save', join(dir, 'no', 'such', 'x.json')]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('cannot write: no folder');
    expect(r.out).toBe('');
    const d = await fray(['fight', demo, '--seed', '3', '--save', dir]);
    expect(d.code).toBe(2);
    expect(d.err).toContain('cannot write: is a folder');
  });

  it('rolls new dice after a resume, not the first session’s again', async () => {
    const dir = tmp();
    const save = join(dir, 's.json');
    // Quit at the first question, Helmut's to-hit roll (the declarations and his blow are routine).
    await fray(['fight', skaven, '-i', '--seed', '5', '--save', save], ['quit']);
    const a = JSON.parse((await fray(['fight', '--resume', save, '--json'])).out);
    const fresh = JSON.parse((await fray(['fight', skaven, '--seed', '5', '--json'])).out);
    expect(a.inputs.slice(0, 3)).toEqual(['fight', 'fight', 'strike']);
    expect(fresh.inputs.slice(0, 3)).toEqual(['fight', 'fight', 'strike']);
    expect(a.inputs.slice(3, 10)).not.toEqual(fresh.inputs.slice(3, 10));
  });

  it('undo works after a resume and when the last answer ended the fight', async () => {
    const dir = tmp();
    const save = join(dir, 's.json');
    // A hit of 30, then quit at the damage die.
    await fray(['fight', skaven, '-i', '--seed', '5', '--save', save], ['30', 'quit']);
    const r = await fray(['fight', '--resume', save, '-i'], ['undo', 'quit']);
    expect(r.out).toContain('(undone: back to the last question you answered)');
    expect(JSON.parse(readFileSync(save, 'utf8')).inputs).toEqual(['fight', 'fight', 'strike']);
    const none = await fray(['fight', '--resume', save, '-i'], ['undo', 'quit']);
    expect(none.out).toContain('Nothing to undo.');
    const end = await fray(['fight', skaven, '-i', '--seed', '6', '--save', save], ['auto', 'undo', 'quit']);
    expect(end.out).toContain(
      'The fight is over. [enter: done, undo: take back the last answer, status: the tracker]',
    );
    expect(end.out).toContain('(undone: back to the last question you answered)');
  });
});

describe('flags that do not fit are refused', () => {
  it('says why, with exit code 2', async () => {
    const cases: [string[], string][] = [
      [['fight', demo, '--table', 'bogus=x.yaml'], "wfrp1e has no table 'bogus'"],
      [['fight', demo, '--auto', 'Orcs'], '--auto goes with --interactive'],
      [['fight', demo, '--dice', ''], '--dice: no dice given'],
      [['fight', demo, '--json', '-i'], '--json and --interactive do not go together'],
    ];
    for (const [args, message] of cases) {
      const r = await fray(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err).toContain(message);
    }
  });

  it('speaks plainly when a field has the wrong kind', async () => {
    const dir = tmp();
    const bad = join(dir, 'e.yaml');
    writeFileSync(bad, 'ruleset: wfrp1e\nsides: 3\n');
    expect((await fray(['fight', bad])).err).toMatch(/e\.yaml:2:8 sides: expected a list, got a number\n$/);
  });

  it('takes only digits for a choice', async () => {
    const r = await fray(
      ['fight', encounterPath('helmut-and-the-skaven.yaml'), '-i', '--ask', 'all', '--seed', '1'],
      ['1e0', 'quit'],
    );
    expect(r.out).toContain("'1e0' is not one of the choices");
  });
});

describe('a value given on the command line is blamed on its flag', () => {
  it('sweep --vary and compare --b name the flag, the path and the value, not the file', async () => {
    const demo = encounterPath('demo.yaml');
    const sweep = await fray([
      'sweep',
      demo,
      '--vary',
      'sides[0].combatants[0].profile.WS=abc,def',
      '--runs',
      '10',
    ]);
    expect(sweep.code).toBe(2);
    expect(sweep.err).toContain(
      'command line --vary: sides[0].combatants[0].profile.WS=abc: expected a whole number 0..100',
    );
    const compare = await fray([
      'compare',
      demo,
      '--b',
      'sides[0].combatants[0].profile.WS=200',
      '--runs',
      '10',
    ]);
    expect(compare.code).toBe(2);
    expect(compare.err).toContain(
      'command line --b: sides[0].combatants[0].profile.WS=200: expected a whole number',
    );
  });
});

describe('our data is labelled wherever its numbers are shown', () => {
  const raid = join(ROOT, 'data', 'fantasy-wargaming', 'encounters', 'raid.yaml');
  const duel = join(ROOT, 'data', 'fantasy-wargaming', 'encounters', 'duel.yaml');
  const said = "Data of ours, not the texts': the charts; weapons:";
  it('fight, sim, odds, sheet, compare and sweep say it; their JSON carries it', async () => {
    for (const args of [
      ['fight', raid, '--seed', '1'],
      ['sim', raid, '--runs', '20', '--seed', '1', '--workers', '1'],
      ['odds', duel],
      ['sheet', raid],
      ['compare', duel, '--b', 'options.firstStrike=4', '--runs', '20', '--seed', '1', '--workers', '1'],
      ['sweep', duel, '--vary', 'sides[0].combatants[0].combatLevel=2,3', '--runs', '20', '--workers', '1'],
    ]) {
      const r = await fray(args);
      expect(r.code, args[0]).toBe(0);
      expect(r.out, args[0]).toContain(said);
    }
    const j = JSON.parse(
      (await fray(['sim', raid, '--runs', '20', '--seed', '1', '--workers', '1', '--json'])).out,
    );
    expect(j.data.map((n: { table: string; kind: string }) => `${n.kind} ${n.table}`)).toEqual([
      'ours charts',
      'ours weapons',
      'ours armour',
    ]);
    const wfrp = await fray(['odds', join(ROOT, 'data', 'wfrp1e', 'examples', 'reference-duel.yaml')]);
    expect(wfrp.out).toContain("Data of ours, not the texts': fumbles: 44, 55, 66, 77, 88, 99.");
  });
});

describe('--workers is capped at 4 a core', () => {
  it('more is refused, saying why', async () => {
    const r = await fray(['sim', encounterPath('demo.yaml'), '--workers', '1024', '--runs', '10']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(
      /--workers: expected a whole number 1\.\.\d+ \(4 for each of this machine's \d+ cores\), got '1024'/,
    );
  });
});

describe('names a user types that are an object’s own machinery (issue 29)', () => {
  it('-o __proto__=1, --table __proto__=FILE and --a constructor=1 are refused as unknown, not ignored', async () => {
    const table = join(ROOT, 'data', 'wfrp1e', 'user-tables', 'my-fumbles.yaml');
    const cases: [string[], string][] = [
      [['fight', demo, '--seed', '1', '-o', '__proto__=1'], "unknown option '__proto__'"],
      [['fight', demo, '--seed', '1', '--table', `__proto__=${table}`], "wfrp1e has no table '__proto__'"],
      [['sheet', demo, '--table', `constructor=${table}`], "wfrp1e has no table 'constructor'"],
      [['compare', demo, '--runs', '5', '--a', '__proto__=1'], "unknown option '__proto__'"],
      [['odds', demo, '-o', 'constructor=1'], "unknown option 'constructor'"],
    ];
    for (const [args, said] of cases) {
      const r = await fray(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err).toContain(said);
      expect(r.out).toBe('');
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('control characters from a file never reach the terminal', () => {
  it('a name with escape codes is refused at its line; a key with them is shown escaped', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fray-esc-'));
    const file = join(dir, 'esc.yaml');
    writeFileSync(
      file,
      'ruleset: wfrp1e\nsides:\n  - name: A\n    combatants:\n      - { use: human, name: "Evil\\e[2J\\e[31mRED" }\n  - name: B\n    combatants:\n      - { use: orc, "bad\\e]0;pwned\\a": 1 }\n',
    );
    const r = await fray(['fight', file]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(
      'sides[0].combatants[0].name: expected a name without control or invisible characters (escape codes, tabs, line breaks, direction overrides, zero-width characters)',
    );
    expect(r.err).toContain("unknown field 'bad\\x1b]0;pwned\\x07'");
    expect(printable(r.err)).toBe(r.err);
  });

  it('a name with a direction override or a zero-width character is refused like a control character (issue 29)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fray-esc-'));
    for (const name of ['\u202eCRO', 'Orc\u200b', 'O\u2066rc', '\ufeffOrc']) {
      const file = join(dir, 'bidi.yaml');
      writeFileSync(
        file,
        `ruleset: wfrp1e\nsides:\n  - name: A\n    combatants:\n      - { use: human, name: "x${name}" }\n  - name: B\n    combatants:\n      - { use: orc }\n`,
      );
      const r = await fray(['sheet', file]);
      expect(r.code, name).toBe(2);
      expect(r.err).toContain(
        'sides[0].combatants[0].name: expected a name without control or invisible characters',
      );
      expect(r.out).toBe('');
      expect(printable(r.err)).toBe(r.err);
    }
  });
});
