// The pieces the exact duel needs for detailed criticals and fumbles (issue 32, part 2): the dice
// enumerator (src/core/enumerate.ts) and a fighter's lasting state, read back after the engine's
// own `critical` (src/rulesets/wfrp1e/odds-lasting.ts).
import { describe, expect, it } from 'vitest';
import { AutoDriver, FightContext } from '../../src/core/context.js';
import { enumerateDice } from '../../src/core/enumerate.js';
import { Rng, SeededDice } from '../../src/dice/index.js';
import { PARTS } from '../../src/rulesets/wfrp1e/data/locations.js';
import { critical } from '../../src/rulesets/wfrp1e/effects.js';
import type { W1Setup } from '../../src/rulesets/wfrp1e/encounter.js';
import { criticalOutcomes, LastingCodec } from '../../src/rulesets/wfrp1e/odds-lasting.js';
import { current, newState, type Fighter, type W1State } from '../../src/rulesets/wfrp1e/state.js';
import { fightYaml, loadText, profile as P } from '../helpers.js';

describe('enumerateDice', () => {
  it('lists every total of every roll once, with its chance, following the rolls a run asks for', () => {
    // A D6; on a 6, 2D4 more.
    const out = enumerateDice((ctx) => {
      const a = ctx.die(6, 'a');
      return a < 6 ? a : a + ctx.dice(2, 4, 'b');
    });
    expect(out.length).toBe(5 + 7);
    expect(out.reduce((n, o) => n + o.p, 0)).toBeCloseTo(1, 14);
    expect(out.find((o) => o.value === 8)?.p).toBeCloseTo(1 / 6 / 16, 14);
    expect(out.find((o) => o.value === 10)?.p).toBeCloseTo((1 / 6) * (3 / 16), 14);
  });
});

function rig(): { st: W1State; v: Fighter } {
  const loaded = loadText(
    fightYaml(
      [`{ name: Axel, profile: ${P()}, weapons: [sword] }`],
      [`{ name: Vic, profile: ${P({ I: 40 })}, weapons: [sword, shield] }`],
    ),
    { criticals: 'detailed' },
  );
  const st = newState(loaded.setup as W1Setup);
  st.round = 1;
  st.moment = 30;
  return { st, v: st.combatants[1] as Fighter };
}

describe('a critical on the lasting state', () => {
  it('gives outcomes whose chances sum to 1, each a state the view rebuilds as it was read', () => {
    const { st, v } = rig();
    const codec = new LastingCodec();
    v.W = 0;
    const l0 = codec.of(v, st.round);
    for (const part of [PARTS.head, PARTS.rightArm, PARTS.body, PARTS.leftLeg])
      for (const value of [1, 3, 6]) {
        const out = criticalOutcomes(st, codec, v, l0, [20], 0, part, value);
        expect(out.reduce((n, o) => n + o.p, 0)).toBeCloseTo(1, 12);
        for (const o of out) expect(codec.of(codec.view(v, o.after, st.round), st.round)).toBe(o.after);
      }
  });

  it('agrees with the engine rolling its own dice (a body critical +3, 20,000 times)', () => {
    const { st, v } = rig();
    const codec = new LastingCodec();
    v.W = 0;
    const l0 = codec.of(v, st.round);
    const exact = criticalOutcomes(st, codec, v, l0, [], 0, PARTS.body, 3);
    const seen = new Map<number, number>();
    const n = 20_000;
    const ctx = new FightContext([], new AutoDriver(new SeededDice(Rng.seeded(7))), false, false, false);
    for (let i = 0; i < n; i++) {
      const f = codec.view(v, l0, st.round);
      critical(st, ctx, f, PARTS.body, 3, null);
      const id = codec.of(f, st.round).id;
      seen.set(id, (seen.get(id) ?? 0) + 1);
    }
    for (const o of exact) {
      const p = (seen.get(o.after.id) ?? 0) / n;
      // Within 4.5 standard deviations.
      expect(Math.abs(p - o.p)).toBeLessThan(4.5 * Math.sqrt((o.p * (1 - o.p)) / n) + 1e-9);
    }
    expect([...seen.keys()].every((id) => exact.some((o) => o.after.id === id))).toBe(true);
  });

  it('carries a state over the round end: what ends this round is gone next round', () => {
    const { st, v } = rig();
    const codec = new LastingCodec();
    v.W = 0;
    const l0 = codec.of(v, st.round);
    // Body 1 (winded: parry only for 1 round) is on rows 01-10 of column +1.
    const winded = criticalOutcomes(st, codec, v, l0, [], 0, PARTS.body, 1).filter((o) =>
      o.after.conds.some((c) => c.kind === 'parryOnly' && c.until === 1),
    );
    expect(winded.length).toBeGreaterThan(0);
    const f = codec.view(v, winded[0]!.after, st.round);
    expect(codec.of(f, st.round + 1).conds.some((c) => c.kind === 'parryOnly')).toBe(true);
    expect(codec.of(f, st.round + 2).conds.some((c) => c.kind === 'parryOnly')).toBe(false);
  });
});

describe('states alike are one', () => {
  it('merges changes and penalties over the same rounds, and halvings that touch, as current and the to-hit sum read them', () => {
    const { st, v } = rig();
    const codec = new LastingCodec();
    const r = st.round;
    v.conds.push(
      { kind: 'toHit', value: -10, from: r, until: Infinity, why: 'a' },
      { kind: 'toHit', value: -10, from: r - 1, until: Infinity, why: 'b' },
      { kind: 'toHit', value: -10, from: r + 1, until: r + 2, why: 'c' },
    );
    v.charMods.push(
      { from: r, until: Infinity, delta: { WS: -10, S: -1 }, why: 'a' },
      { from: r, until: Infinity, delta: { WS: -10, T: -1 }, why: 'b' },
      { from: r, until: r + 1, halve: ['I', 'M'], why: 'c' },
      { from: r + 2, until: r + 3, halve: ['M', 'I'], why: 'd' },
      { from: r + 5, until: r + 5, halve: ['I', 'M'], why: 'e' },
      { from: r, until: r + 2, delta: { I: 5 }, why: 'f' },
      { from: r, until: r + 2, delta: { I: -5 }, why: 'g' },
    );
    const l = codec.of(v, r);
    // Two penalties from now on are one of −20; two changes from now on one; the halvings of
    // rounds r to r+3 one span, r+5 another; the changes that cancel out none.
    expect(l.conds.filter((c) => c.kind === 'toHit').length).toBe(2);
    expect(l.mods.length).toBe(3);
    const f = codec.view(v, l, r);
    const toHit = (x: Fighter, at: number) =>
      x.conds
        .filter((c) => c.kind === 'toHit' && c.from <= at && at <= c.until)
        .reduce((n, c) => n + (c.value ?? 0), 0);
    for (let at = r; at <= r + 7; at++) {
      expect(toHit(f, at), `to hit in round ${at}`).toBe(toHit(v, at));
      for (const ch of ['WS', 'S', 'T', 'I', 'M', 'A'] as const)
        expect(current(f, ch, at), `${ch} in round ${at}`).toBe(current(v, ch, at));
    }
  });
});

describe('the chain with the lasting effects it carries so far, against simulated fights', () => {
  // Every effect that leaves the victim standing becomes, in turn, one of a set the chain carries;
  // nobody must flee, but in the flee set. The engine and the chain read the same patched chart.
  const sets = async () => {
    const { oneShape } = await import('../../src/rulesets/wfrp1e/data/criticals.js');
    return {
      // Knocked down and its kin: prone, parry only, an I test or down, no action.
      prone: [
        oneShape({ noAttacksNextRound: true }, 'stunned'),
        oneShape({ prone: 'D4', parryOnly: 'D4' }, 'knocked flat'),
        oneShape({ parryOnly: 1 }, 'reeling'),
        oneShape({ prone: 1 }, 'knocked down'),
        oneShape({ downUnless: { char: 'I' } }, 'I test or down'),
        oneShape({ prone: 'D4', thenParryOnly: 'D4' }, 'down then parry only'),
        oneShape({ noAction: 1 }, 'senseless'),
      ],
      // Bleeding, with the Sudden Death mark as the chart nearly always gives it: the wounds bleed
      // at the round's end, after a fight decided within the round too (a survivor bled out is a draw).
      bleed: [
        oneShape({ noAttacksNextRound: true }, 'stunned'),
        oneShape({ bleed: 1, suddenDeath: true }, 'bleeding'),
        oneShape({ parryOnly: 1 }, 'reeling'),
        oneShape({ bleed: 'D4', suddenDeath: true }, 'bleeding hard, Sudden Death'),
        oneShape({ prone: 1, bleed: 1, suddenDeath: true }, 'down and bleeding'),
        oneShape({ noAction: 1 }, 'senseless'),
      ],
      // The tests a critical leaves for each round (an I test or fall, a T test or pass out): they
      // pile up on a fighter at 0 W, so the chain is asked to round 4 only, and so are the fights.
      tests: [
        oneShape({ noAttacksNextRound: true }, 'stunned'),
        oneShape({ eachRound: { char: 'I', fail: 'down' } }, 'an I test each round or down'),
        oneShape({ parryOnly: 1 }, 'reeling'),
        oneShape({ eachRound: { char: 'T', fail: 'unconscious' } }, 'a T test each round or out'),
        oneShape({ noAction: 1 }, 'senseless'),
      ],
      // The chart's flights kept (cells marked f): the fleer's later blows and parries gone, the foe's
      // blows lost on a runner, one down or dazed held from running (and struck) until it is up, and
      // the flight at the fleer's EI, before or after the foe's blows, with bleeding at the round's
      // end (a fleer held down while its foe bleeds out wins; one gone first loses).
      flee: [
        oneShape({ bleed: 1, suddenDeath: true }, 'bleeding'),
        oneShape({ prone: 1 }, 'knocked down'),
        oneShape({ prone: 1, bleed: 1, suddenDeath: true }, 'down and bleeding'),
        oneShape({ parryOnly: 1 }, 'reeling'),
        oneShape({ noAction: 1 }, 'senseless'),
        oneShape({ prone: 'D4', parryOnly: 'D4' }, 'knocked flat'),
      ],
      // Flights again, with long spells down or dazed and a round cap of 4: a fleer held from
      // running is still there at the cap (a draw), one that ran is not (a loss). A chain that let
      // it run all the same would give 0.0100 fewer draws, 4.5 standard deviations of 40,000 fights.
      held: [
        oneShape({ prone: 'D4', parryOnly: 'D4' }, 'knocked flat'),
        oneShape({ noAction: 2 }, 'senseless for 2 rounds'),
        oneShape({ prone: 2 }, 'down for 2 rounds'),
      ],
      // A useless hand that holds nothing, and shield parry only (for these two without a shield:
      // no parry at all): every arm's critical falls on the left hand, which holds nothing (the
      // right arm's too, patched alike in engine and chain).
      hands: [
        oneShape({ noAttacksNextRound: true }, 'stunned'),
        oneShape({ handUseless: 'D4' }, 'hand useless'),
        oneShape({ parryOnly: 1 }, 'reeling'),
        oneShape({ shieldParryOnly: 2 }, 'shield parry only'),
        oneShape({ armUseless: 'med' }, 'arm useless'),
      ],
    };
  };
  const caps: Record<string, number> = { tests: 4, held: 4 };
  for (const name of ['prone', 'bleed', 'tests', 'flee', 'held', 'hands'] as const)
    it(`agrees with 40,000 fights of the reference duel when the chart leaves only the ${name} set`, async () => {
      const { runFight } = await import('../../src/core/fight.js');
      const { lookup } = await import('../../src/core/table.js');
      const { CRITICAL_CHART, CRITICAL_EFFECTS } =
        await import('../../src/rulesets/wfrp1e/data/criticals.js');
      const { loadFile, ROOT } = await import('../helpers.js');
      const { join } = await import('node:path');
      const carried = (await sets())[name];
      type Cell = { effect: number; flee: boolean };
      const charts = CRITICAL_EFFECTS as unknown as Record<string, typeof carried>;
      const saved = Object.fromEntries(Object.entries(charts).map(([k, v]) => [k, [...v]]));
      const cells = new Set<Cell>();
      for (let r = 1; r <= 100; r++) for (const c of lookup(CRITICAL_CHART, r) as Cell[]) cells.add(c);
      const fled = name === 'flee' || name === 'held' ? [] : [...cells].filter((c) => c.flee);
      const rightArm = PARTS.rightArm as { hand?: 'right' | 'left' };
      try {
        if (name === 'hands') rightArm.hand = 'left';
        for (const c of fled) c.flee = false;
        for (const [k, list] of Object.entries(charts)) {
          list.forEach((e, n) => {
            const out = e.killed || e.unconscious || e.helpless || e.diesIn;
            if (!out) list[n] = carried[(n + k.length) % carried.length] as (typeof carried)[number];
          });
        }
        const loaded = loadFile(join(ROOT, 'data', 'wfrp1e', 'examples', 'reference-duel.yaml'), {
          fumbles: 'off',
        });
        const cap = caps[name];
        if (cap !== undefined) (loaded.setup as { maxRounds: number }).maxRounds = cap;
        const odds = (loaded.ruleset.odds as NonNullable<typeof loaded.ruleset.odds>)(loaded.setup);
        expect(odds.duel, odds.duelMethod).not.toBeNull();
        const duel = odds.duel as NonNullable<typeof odds.duel>;
        const n = 40_000;
        const seen = [0, 0, 0];
        let flights = 0;
        let useless = 0;
        for (let s = 1; s <= n; s++) {
          const r = runFight(loaded.ruleset, loaded.setup, {
            driver: new AutoDriver(new SeededDice(Rng.seeded(s))),
            explain: false,
            record: false,
          });
          const cs = (r.state as W1State).combatants;
          // Fled, or still fleeing at the end (held from running).
          if (cs.some((c) => c.out === 'fled' || c.flee !== null)) flights++;
          if (cs.some((c) => c.conds.some((k) => k.kind === 'handUseless'))) useless++;
          const w = r.outcome?.winner;
          const k = w === 0 ? 0 : w === 1 ? 1 : 2;
          seen[k] = (seen[k] as number) + 1;
        }
        // Each side's wins and the draws, within the 99.9% interval.
        const exact = [duel.sides[0]?.win ?? NaN, duel.sides[1]?.win ?? NaN, duel.draw];
        for (const [k, e] of exact.entries()) {
          const half = 3.29 * Math.sqrt((e * (1 - e)) / n) + 1e-4;
          expect(Math.abs((seen[k] as number) / n - e), `${name}: outcome ${k}`).toBeLessThan(half);
        }
        // The bleeding sets have draws worth checking: both out at one round's end.
        if (name === 'bleed' || name === 'flee') expect(duel.draw).toBeGreaterThan(0.001);
        // Flights are what the flee sets are about: a good share of the fights end in one.
        if (name === 'flee' || name === 'held') expect(flights / n).toBeGreaterThan(0.02);
        else expect(flights).toBe(0);
        // And useless hands what the hands set is about.
        if (name === 'hands') expect(useless / n).toBeGreaterThan(0.02);
      } finally {
        rightArm.hand = 'right';
        for (const c of fled) c.flee = true;
        for (const [k, v] of Object.entries(saved)) charts[k]?.splice(0, v.length, ...v);
      }
    }, 300_000);
});
