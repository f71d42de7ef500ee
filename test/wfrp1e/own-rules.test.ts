// WFRP 1e (1986), Bestiary: the creatures' own rules the engine plays (issue 43, creatures.ts): only
// magic weapons wound the Ghost, the Spectre and the Wight; a Wight's blow drains S from the
// living; and what `fray sheet`, `fray odds` and the Combat Points rules say of them.
import { describe, expect, it } from 'vitest';
import type { W1Setup } from '../../src/rulesets/wfrp1e/encounter.js';
import { blowOutcome, drainedInto } from '../../src/rulesets/wfrp1e/creatures.js';
import type { Fighter, W1State } from '../../src/rulesets/wfrp1e/state.js';
import { current } from '../../src/rulesets/wfrp1e/state.js';
import {
  fightYaml,
  loadText,
  ofType,
  profile as P,
  runScripted,
  sheetOf,
  texts,
  warningLines,
} from '../helpers.js';

const yamlOf =
  (...a: string[]) =>
  (b: string[], extra = '') =>
    fightYaml(a, b, extra);

/** Helmut strikes first (I 40): a fight of Helmut's side against `foes`, engaged. */
const against = (helmut: string, foes: string[], extra = '') =>
  loadText(
    yamlOf(`{ name: Helmut, profile: ${P({ I: 40, ...JSON.parse(helmut) })}, weapons: [sword] }`)(
      foes,
      extra,
    ),
  );

describe('WFRP 1e (1986), Bestiary: only magic weapons wound the Ghost, the Spectre and the Wight', () => {
  it('a sword that is not magic hits a Wight and does nothing; no damage is rolled', () => {
    // Helmut hits (25) and nothing follows; the Wight misses (97).
    const { events, unused } = runScripted(against('{}', ['{ use: wight }']), [25, 97], 1);
    expect(unused).toBe(0);
    const t = texts(events);
    expect(t).toContain('Helmut strikes at Wight with sword: D100 25 ≤ WS 40: hit.');
    expect(t).toContain(
      "Wight takes no harm: only magic weapons wound the Wight, and Helmut's sword is not magic.",
    );
    expect(ofType(events, 'unharmed')[0]?.cite).toEqual({
      source: 'WFRP 1e (1986), Bestiary',
      section: 'Wight',
    });
    expect(ofType(events, 'damage')).toHaveLength(0);
  });

  it('a magic sword wounds it as any blow does', () => {
    const loaded = loadText(
      fightYaml(
        [`{ name: Anna, profile: ${P({ I: 40 })}, weapons: [sword], magic: [sword] }`],
        ['{ use: wight }'],
      ),
    );
    // Anna hits (25: reversed 52, the left arm), D6 3 + S 3 − T 4 = 2 W; the Wight misses (97).
    const { events, unused } = runScripted(loaded, [25, 3, 97], 1);
    expect(unused).toBe(0);
    expect(texts(events)).toContain("Damage to Wight's left arm: D6 3 + S 3 − T 4 = 2 W.");
    expect(texts(events)).toContain('Wight: W 17 − 2 = 15.');
    expect(ofType(events, 'unharmed')).toHaveLength(0);
  });

  it('a Ghost takes no harm from an arrow, a Spectre none from fists', () => {
    const bow = loadText(
      fightYaml(
        [`{ name: Archer, profile: ${P({ BS: 50, I: 40 })}, weapons: [bow], at: [0, 0] }`],
        ['{ use: ghost, at: [0, 20], tactics: { melee: hold } }'],
      ),
    );
    // The arrow hits (30) and goes through.
    const shot = runScripted(bow, [30], 1);
    expect(texts(shot.events)).toContain(
      "Ghost takes no harm: only magic weapons wound the Ghost, and Archer's normal bow is not magic.",
    );
    expect(ofType(shot.events, 'damage')).toHaveLength(0);
    const fists = loadText(
      fightYaml(
        [
          `{ name: Brawler, profile: ${P({ I: 50 })}, weapons: [], skills: [Street Fighting, Strike to Stun] }`,
        ],
        ['{ use: spectre }'],
      ),
    );
    // Brawler's punch hits (10) and does nothing; the Spectre's 4 attacks miss.
    const punch = runScripted(fists, [10, 95, 94, 93, 92], 1);
    expect(punch.unused).toBe(0);
    expect(texts(punch.events)).toContain(
      "Spectre takes no harm: only magic weapons wound the Spectre, and Brawler's fists are not magic.",
    );
    expect(ofType(punch.events, 'stun')).toHaveLength(0);
  });

  it('`magic:` names a weapon the combatant has, and nothing else', () => {
    expect(() =>
      loadText(fightYaml([`{ name: A, profile: ${P()}, weapons: [sword], magic: [axe] }`], ['{ use: orc }'])),
    ).toThrow(/magic\[0\].*'axe' is not a weapon this combatant has/);
    const carried = loadText(
      fightYaml(
        [`{ name: A, profile: ${P()}, weapons: [sword], carried: [dagger], magic: [dagger] }`],
        ['{ use: orc }'],
      ),
    );
    expect((carried.setup as W1Setup).fighters[0]?.magic).toEqual(['dagger']);
  });
});

describe('WFRP 1e (1986), Bestiary § Wight: its blows drain Strength', () => {
  it('a blow that would wound the living takes 1 S instead and gives the Wight 1 S, for good', () => {
    // Helmut misses (90); the Wight hits (20: reversed 02, the head), D6 4 + S 3 − T 3 = 4: drained.
    const loaded = against('{}', ['{ use: wight }']);
    const { result, events, unused } = runScripted(loaded, [90, 20, 4], 1);
    expect(unused).toBe(0);
    const t = texts(events);
    expect(t).toContain("Damage to Helmut's head: D6 4 + S 3 − T 3 = 4 W.");
    expect(t).toContain(
      'The Wight does not wound the living: instead of 4 W, Helmut loses 1 S (S 3 → 2) and Wight gains it (S 3 → 4).',
    );
    expect(ofType(events, 'wounds')).toHaveLength(0);
    const st = result.state as unknown as W1State;
    const [helmut, wight] = st.combatants as [Fighter, Fighter];
    expect(helmut.W).toBe(7);
    expect(current(helmut, 'S', 2)).toBe(2);
    expect(current(wight, 'S', 2)).toBe(4);
    // The S lost lasts, as a critical's loss does: `fray party apply` writes it.
    expect(loaded.ruleset.lasting?.(result.state, helmut.id)?.fields.lasting).toEqual([
      { why: 'S drained by the Wight', change: { S: -1 } },
    ]);
    // Ours: for § Winning and Losing the point drained counts as a wound caused.
    expect(t.some((x) => x.includes('Wight caused 1, received 0: winning'))).toBe(true);
  });

  it('the tracker shows S beside W in a fight with a Wight, and only then', () => {
    const { result } = runScripted(against('{}', ['{ use: wight }']), [90, 20, 4], 1);
    const tracker = (loaded: ReturnType<typeof against>, state: unknown) =>
      loaded.ruleset.tracker(state as never).rows.map((r) => [r.name, r.gauges]);
    expect(tracker(against('{}', ['{ use: wight }']), result.state)).toEqual([
      [
        'Helmut',
        [
          { label: 'W', value: 7, max: 7 },
          { label: 'S', value: 2, max: 3 },
        ],
      ],
      [
        'Wight',
        [
          { label: 'W', value: 17, max: 17 },
          { label: 'S', value: 4, max: 6 },
        ],
      ],
    ]);
    const orcs = against('{}', ['{ use: orc }']);
    const plain = runScripted(orcs, [90, 90], 1);
    expect(tracker(orcs, plain.result.state).map(([, g]) => (g as unknown[]).length)).toEqual([1, 1]);
  });

  it('a hit that would not wound drains nothing; S 0 is death', () => {
    // The Wight hits (20: head) for D6 1 + S 3 − T 3 = 1 − 1 (helmet) = 0: nothing.
    const helmeted = loadText(
      yamlOf(`{ name: Helmut, profile: ${P({ I: 40 })}, weapons: [sword], armour: [helmet] }`)([
        '{ use: wight }',
      ]),
    );
    const none = runScripted(helmeted, [90, 20, 1], 1);
    expect(ofType(none.events, 'drain')).toHaveLength(0);
    // Helmut at S 1 is drained to 0 and slain.
    const weak = runScripted(against('{ "S": 1 }', ['{ use: wight }']), [90, 20, 4], 1);
    expect(texts(weak.events)).toContain('Helmut is dead (drained to S 0 by Wight).');
  });

  it('its S never passes 6; it wounds the Undead as any blow, and no ethereal creature', () => {
    const strong = runScripted(against('{}', ['{ use: wight, profile: { S: 6 } }']), [90, 20, 4], 1);
    expect(
      texts(strong.events).some((x) => x.includes('and Wight gains it (S 6 → 6: it cannot pass 6)')),
    ).toBe(true);
    expect(drainedInto(5)).toBe(6);
    expect(drainedInto(6)).toBe(6);
    // Against a Skeleton (Undead): D6 4 + S 3 − T 3 = 4 W, wounds.
    const undead = loadText(fightYaml([`{ use: skeleton, profile: { I: 40 } }`], ['{ use: wight }']));
    const bones = runScripted(undead, [90, 20, 4], 1);
    expect(texts(bones.events).some((x) => /^Skeleton: W 5 − 4 = 1\./.test(x))).toBe(true);
    expect(ofType(bones.events, 'drain')).toHaveLength(0);
    // Against a Ghost: nothing ("Wights cannot wound other ethereal creatures").
    const ghost = loadText(fightYaml([`{ use: ghost, profile: { I: 40 } }`], ['{ use: wight }']));
    const spirit = runScripted(ghost, [90, 20], 1);
    expect(texts(spirit.events)).toContain(
      'Ghost takes no harm: the Wight cannot wound an ethereal creature.',
    );
  });

  it('the living are all but the Undead and Daemons (the Ghoul has "Undead status whilst living")', () => {
    const spec = (use: string) =>
      (loadText(fightYaml([`{ use: ${use} }`], ['{ use: wight }'])).setup as W1Setup).fighters[0];
    expect(spec('human')?.living).toBe(true);
    expect(spec('ghoul')?.living).toBe(false);
    expect(spec('zombie')?.living).toBe(false);
    expect(spec('bloodletter')?.living).toBe(false);
    const wight = { magic: [], drains: 'S' as const };
    expect(blowOutcome(wight, null, { immune: null, living: true })).toBe('drain');
    expect(blowOutcome(wight, null, { immune: null, living: false })).toBe('wounds');
    expect(blowOutcome(wight, null, { immune: 'non-magic', living: false })).toBe('ethereal');
  });
});

describe('what the sheet, the odds and the Combat Points rules say of them', () => {
  const duel = (helmut: string) =>
    loadText(
      fightYaml([`{ name: Helmut, profile: ${P()}, weapons: [sword]${helmut} }`], ['{ use: wight }']),
      { criticals: 'sudden-death', fumbles: 'off' },
    );

  it('fray sheet names its own rules and a magic weapon', () => {
    const loaded = duel(', magic: [sword]');
    expect(sheetOf(loaded, 'Helmut')).toContain(
      'sword (right hand, magic): to hit WS 40; damage D6 + S 3; parry under WS 40',
    );
    expect(sheetOf(loaded, 'Wight')).toContain(
      'own rules: only magic weapons wound it; its blows that would wound the living take 1 S instead (its own S rising to 6; S 0 is death); they wound Undead and Daemons, and no ethereal creature [WFRP 1e (1986), Bestiary § Wight]',
    );
    expect(warningLines(loaded).join('\n')).toContain(
      'magic points (D10, and D10 more for each victim drained',
    );
  });

  it('fray odds: one blow wounds never, and says what it does; the duel is refused, naming why', () => {
    const { ruleset, setup } = duel('');
    const odds = (ruleset.odds as NonNullable<typeof ruleset.odds>)(setup);
    const [helmut, wight] = odds.blows;
    expect(helmut?.meanWounds).toBe(0);
    expect(helmut?.hit).toBeCloseTo(0.4, 12);
    expect(helmut?.note).toBe(
      'no hit harms Wight: only magic weapons wound it [WFRP 1e (1986), Bestiary § Wight]',
    );
    expect(wight?.meanWounds).toBe(0);
    expect(wight?.note).toMatch(
      /^no wounds: a hit that would wound takes 1 S instead \(\d+\.\d\d% of blows at its S 3\)/,
    );
    expect(odds.duel).toBeNull();
    expect(odds.duelMethod).toContain("Helmut's blows cannot hurt Wight (a creature's own rule)");
    expect(odds.duelMethod).toContain("Wight's blows drain S from the living instead of wounding");
    // With a magic sword Helmut's blow is an ordinary one.
    const magic = duel(', magic: [sword]');
    const m = (magic.ruleset.odds as NonNullable<typeof ruleset.odds>)(magic.setup);
    expect(m.blows[0]?.meanWounds).toBeGreaterThan(0);
    expect(m.blows[0]?.note).toBeUndefined();
  });

  it('the Combat Points rules say they do not play them', () => {
    const loaded = loadText(
      fightYaml(
        [`{ name: Helmut, profile: ${P()}, weapons: [sword], magic: [sword] }`],
        ['{ use: wight }'],
      ).replace('ruleset: wfrp1e', 'ruleset: wfrp-cp'),
    );
    const w = warningLines(loaded).join('\n');
    expect(w).toContain(
      'not played by the Combat Points rules for the Wight (WFRP 1e plays them): only magic weapons wound it; its blows drain S from the living instead of wounding them',
    );
    expect(w).toContain('a magic weapon changes nothing in the Combat Points rules');
  });
});
