// Critical effects and what the engine enforces afterwards (README facts: effect numbers by location).
import { describe, expect, it } from 'vitest';
import { AutoDriver, FightContext } from '../../src/core/context.js';
import { ScriptedDice } from '../../src/dice/index.js';
import { canAttack, canParry, isProneTarget } from '../../src/rulesets/wfrp1e/blow.js';
import { PARTS, headNumber, type Part } from '../../src/rulesets/wfrp1e/data/locations.js';
import { critical } from '../../src/rulesets/wfrp1e/effects.js';
import type { W1Setup } from '../../src/rulesets/wfrp1e/encounter.js';
import {
  current,
  handUsable,
  newState,
  type Fighter,
  type W1State,
} from '../../src/rulesets/wfrp1e/state.js';
import { fightYaml, loadText, ofType, profile as P, runWith } from '../helpers.js';

interface Rig {
  st: W1State;
  v: Fighter;
  ctx: FightContext;
  left: () => number;
  hit: (part: Part, value: number) => void;
}

/** A victim in round 1 and a context rolling `dice`; `options` as in an encounter. */
function rig(victim: string, dice: number[], options: Record<string, string> = {}): Rig {
  const loaded = loadText(
    fightYaml([`{ name: Axel, profile: ${P()}, weapons: [sword] }`], [victim]),
    options,
  );
  const st = newState(loaded.setup as W1Setup);
  st.round = 1;
  const script = new ScriptedDice(dice);
  const ctx = new FightContext([], new AutoDriver(script), true, true);
  const v = st.combatants[1] as Fighter;
  return {
    st,
    v,
    ctx,
    left: () => script.remaining,
    hit: (part, value) => critical(st, ctx, v, part, value, st.combatants[0] as Fighter),
  };
}

const vic = `{ name: Vic, profile: ${P({ W: 7 })}, weapons: [sword], armour: [helmet] }`;

describe('detailed critical effects', () => {
  it('head 2 (P(1)): may only parry, this round and the next', () => {
    const r = rig(vic, [11]); // D100 11, column +1 → 2
    r.hit(PARTS.head, 1);
    expect(ofType(r.ctx.events, 'critical')[0]?.text).toBe(
      'Critical +1 on the head: D100 11, column +1 → effect 2 (head chart): reeling: may only parry for 1 round.',
    );
    for (const round of [1, 2]) {
      r.st.round = round;
      expect([canAttack(r.st, r.v), canParry(r.st, r.v)]).toEqual([false, true]);
    }
    r.st.round = 3;
    expect(canAttack(r.st, r.v)).toBe(true);
  });

  it('head 4 (X(1)): no action at all, not even a parry', () => {
    const r = rig(vic, [35]); // 31-40, +1 → 4
    r.hit(PARTS.head, 1);
    expect([canAttack(r.st, r.v), canParry(r.st, r.v)]).toEqual([false, false]);
    r.st.round = 3;
    expect(canParry(r.st, r.v)).toBe(true);
  });

  it('head 6: prone and parry only for the same D4 rounds; a prone victim is hit automatically', () => {
    const r = rig(vic, [15, 2]); // 11-20, +3 → 6; D4 2
    r.hit(PARTS.head, 3);
    expect(isProneTarget(r.st, r.v)).toBe(true);
    r.st.round = 3;
    expect([isProneTarget(r.st, r.v), canAttack(r.st, r.v), canParry(r.st, r.v)]).toEqual([
      true,
      false,
      true,
    ]);
    r.st.round = 4;
    expect([isProneTarget(r.st, r.v), canAttack(r.st, r.v)]).toEqual([false, true]);
    expect(r.left()).toBe(0);
  });

  it('arm 4: drops what the hand holds, the hand useless until medical attention', () => {
    const r = rig(vic, [11]); // 11-20, +2 → 4
    r.hit(PARTS.rightArm, 2);
    expect(r.v.right).toBe(null);
    expect(r.v.ground.map((w) => w.id)).toEqual(['sword']);
    r.st.round = 50;
    expect(handUsable(r.v, 'right', 50)).toBe(false);
    expect(handUsable(r.v, 'left', 50)).toBe(true);
  });

  it('arm 12: hand lost, unconscious, bleeding D4 a round, Sudden Death from now on', () => {
    const r = rig(vic, [55]); // 51-60, +2 → 12*
    r.hit(PARTS.leftArm, 2);
    expect(r.v.out).toBe('unconscious');
    expect(r.v.bleeding).toEqual([{ amount: 'D4', part: PARTS.leftArm, suddenDeath: true }]);
    expect(r.v.suddenDeath).toBe(true);
  });

  it('a victim marked for Sudden Death takes its later criticals on the Sudden Death table', () => {
    const r = rig(vic, [71, 40, 60]); // 71-80, +1 → 11* on an arm: bleeds, SD; then +1: SD 40 < 51; +2: 60 ≥ 41
    r.hit(PARTS.rightArm, 1);
    expect(r.v.suddenDeath).toBe(true);
    r.hit(PARTS.body, 1);
    expect(r.v.out).toBe(null);
    r.hit(PARTS.body, 2);
    expect(r.v.out).toBe('dead');
    const texts = ofType(r.ctx.events, 'critical').map((e) => e.text);
    expect(texts[1]).toBe(
      'Sudden Death critical +1 on the body (marked for Sudden Death by an earlier wound): D100 40 < 51: no effect.',
    );
  });

  it('body 8: every characteristic −1 or −10, M halved, an I test each round, and flight (8*)', () => {
    const r = rig(vic, [25]); // 21-30, +3 → 8*
    r.hit(PARTS.body, 3);
    expect(current(r.v, 'WS', 1)).toBe(30);
    expect(current(r.v, 'S', 1)).toBe(2);
    expect(current(r.v, 'M', 1)).toBe(1); // (4 − 1) halved, rounded down
    expect(r.v.conds.some((c) => c.kind === 'eachRound' && c.test?.char === 'I')).toBe(true);
    expect(r.v.flee).toBe('forced');
  });

  it('leg 5: M and I halved until medical attention, and an I test or knocked down', () => {
    const r = rig(vic, [5, 80]); // 01-10, +3 → 5; I test (at full I, unlike 6) 80 > 30: down
    r.hit(PARTS.leftLeg, 3);
    expect(current(r.v, 'I', 1)).toBe(15);
    expect(isProneTarget(r.st, r.v)).toBe(true);
    expect(ofType(r.ctx.events, 'test')[0]?.text).toBe(
      "Vic's I test (or be knocked down (critical 5)): D100 80 > 30: failed.",
    );
  });

  it('head 12 (dies in D4 rounds): out at once, dead when the rounds run out', () => {
    const loaded = loadText(
      fightYaml(
        [`{ name: Axel, profile: ${P({ I: 50, WS: 60 })}, weapons: [sword] }`],
        [
          `{ name: Vic, profile: ${P({ I: 30, W: 1 })}, weapons: [sword] }`,
          `{ name: Doc, profile: ${P({ I: 10 })}, weapons: [sword], tactics: { tend: false } }`,
        ],
        'start: charge',
      ),
    );
    // Axel charges Vic: 10 → head 01; D6 3: 3 W on 1: +2; D100 55 → 12*: dies in D4 = 1 round, the rest of
    // this one and the next. Everyone else holds back, so the fight goes on.
    let charged = false;
    const result = runWith(loaded, [10, 3, 55, 1], 2, (req) => {
      if (req.topic !== 'engage') return undefined;
      if (req.actor === 'axel' && !charged) {
        charged = true;
        return '@vic';
      }
      return 'wait';
    });
    expect(ofType(result.events, 'out').map((e) => [e.round, e.text])).toEqual([
      [1, 'Vic is dying (critical 12: dies in 1 round without medical attention).'],
      [2, 'Vic is dead (died of the wound).'],
    ]);
  });
});

describe('bleeding and medical attention', () => {
  const yaml = fightYaml(
    [`{ name: Axel, profile: ${P({ I: 50, WS: 60, W: 12 })}, weapons: [sword] }`],
    [
      `{ name: Vic, profile: ${P({ I: 30, W: 3 })}, weapons: [sword] }`,
      `{ name: Doc, profile: ${P({ I: 20 })}, weapons: [sword] }`,
    ],
    'start: charge',
  );
  // Axel charges Vic (27 ≤ 70: body 72); D6 4: 4 W on 3, +1; D100 65 → body 9*: unconscious, bleeds 1.
  // Everyone else holds back. End of round 1: Vic bleeds 1 at W 0: a +1 critical on the body, D100 5 → 1.
  const holdBack = (req: { topic: string; actor?: string }) =>
    req.topic === 'engage' ? (req.actor === 'axel' && !axelCharged++ ? '@vic' : 'wait') : undefined;
  let axelCharged = 0;

  it('bleeds at the end of each round; past W the blood loss is a critical on the wounded part', () => {
    axelCharged = 0;
    const result = runWith(loadText(yaml), [27, 4, 65, 5], 1, holdBack);
    expect(ofType(result.events, 'critical')[0]?.text).toContain(
      'effect 9* (body chart): unconscious, bleeds 1 W a round',
    );
    expect(ofType(result.events, 'wounds').map((e) => e.text)).toContain(
      'Vic loses 1 W to bleeding from the body: W 0 → 0, critical value +1.',
    );
    expect(ofType(result.events, 'critical')[1]?.text).toContain(
      'Critical +1 on the body: D100 05, column +1 → effect 1',
    );
  });

  it('a friend who is not engaged spends a round giving medical attention: the bleeding stops', () => {
    axelCharged = 0;
    const result = runWith(loadText(yaml), [27, 4, 65, 5], 2, holdBack);
    expect(ofType(result.events, 'tend')[0]?.text).toBe(
      'Doc gives Vic medical attention: the bleeding stops.',
    );
    const vicState = result.state?.combatants[1] as unknown as Fighter;
    expect(vicState.bleeding).toEqual([]);
    expect(ofType(result.events, 'wounds').filter((e) => e.round === 2)).toEqual([]);
  });
});

describe('§ Non-Humanoid Opponents: multiple heads', () => {
  it('a kill on one head puts that head out; the creature dies with its last head', () => {
    const r = rig('{ use: ettin }', [85, 85]); // 81-90: 16, killed
    r.hit(headNumber(1, 2), 1);
    expect([r.v.out, r.v.headsLost]).toEqual([null, 1]);
    expect(ofType(r.ctx.events, 'head-lost')[0]?.text).toBe(
      "Ettin (two-headed giant)'s head 1 is put out of action (1 of 2 heads lost).",
    );
    r.hit(headNumber(2, 2), 1);
    expect(r.v.out).toBe('dead');
  });
});
