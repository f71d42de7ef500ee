// The Combat Points rules in play: each rule and advanced skill seen in a short scripted fight.
import { describe, expect, it } from 'vitest';
import { loadText } from '../helpers.js';
import { has, playScript, type Decisions } from './script.js';

interface Who {
  name: string;
  /** Extra YAML lines for the combatant (indented by the helper). */
  more?: string;
  profile?: string;
}

const PROFILE = '{ M: 4, WS: 30, BS: 30, S: 4, T: 4, W: 10, I: 40, A: 1, Dex: 40, Ld: 40, Int: 40, Cl: 40, WP: 40, Fel: 40 }';

function combatant(w: Who): string {
  const more = (w.more ?? 'weapons: [sword]\nabilities: { swords: 20 }').split('\n').map((l) => `        ${l}`).join('\n');
  return `      - name: ${w.name}\n        use: human\n        profile: ${w.profile ?? PROFILE}\n${more}\n`;
}

/** Two sides of humans (or what `more` makes them), engaged unless `head` says otherwise. */
function encounter(a: Who[], b: Who[], head = '', sideB = ''): string {
  return `ruleset: wfrp-cp\n${head}\nsides:\n  - name: A\n    players: true\n    combatants:\n${a.map(combatant).join('')}  - name: B\n${sideB}    combatants:\n${b.map(combatant).join('')}`;
}

function fight(yaml: string, dice: number[], decisions: Decisions, rounds = 1, options: Record<string, string> = {}) {
  return playScript(loadText(yaml, options), dice, decisions, rounds);
}


const show = (name: string, r: { texts: string[] }) => console.log(`=== ${name}\n${r.texts.join('\n')}`);
const spear = { name: 'Sal', more: 'weapons: [spear]\nabilities: { spears: 20 }' };
const dagger = { name: 'Dag', more: 'weapons: [dagger]\nabilities: { daggers-and-knives: 20 }' };

describe('Combat Points in play', () => {
  it('rule 16: in open space the shorter weapon tests half its CP; in a crowd the longer one', () => {
    const open = fight(encounter([dagger], [spear]), [40], [['turn', 'attack:@sal'], ['attack-cp', 50], ['defence', 'block'], ['defence-cp', 10], ['defence-w', 0], ['answer', 'pass'], ['turn', 'end'], ['turn', 'end']]);
    has(open.texts, 'Dag attacks Sal: 50 CP halved to 25 − 10 CP = 15%; D100 40: miss');
    const crowd = fight(encounter([dagger], [spear], 'space: crowd'), [40], [['turn', 'end'], ['turn', 'attack:@dag'], ['attack-cp', 50], ['defence', 'block'], ['defence-cp', 10], ['defence-w', 0], ['turn', 'end']]);
    has(crowd.texts, 'Sal attacks Dag: 50 CP halved to 25 − 10 CP = 15%; D100 40: miss');
    expect([open.unusedDice, crowd.unusedDice]).toEqual([0, 0]);
  });

  it('rule 18: a disarm tests half the CP on each side, +20 with the Disarm skill', () => {
    const r = fight(encounter([{ name: 'Ann', more: 'weapons: [sword]\nabilities: { swords: 20 }\nskills: [disarm]' }], [{ name: 'Bob' }]), [10], [['turn', 'disarm:@bob'], ['attack-cp', 50], ['defence', 'block'], ['defence-cp', 20], ['defence-w', 0], ['answer', 'pass'], ['turn', 'end']]);
    has(r.texts, 'Ann tries to disarm Bob: 50 CP halved to 25 + 20 Disarm − 20 CP halved to 10 = 35%; D100 10: hit');
    has(r.texts, 'Bob drops the sword');
    const bob = r.state.combatants.find((f) => f.name === 'Bob');
    expect(bob?.right).toBeNull();
    expect(r.unusedDecisions).toBe(0);
  });

  it('rule 20: parrying for another: a WS + ability test, then CP counting a third without a shield', () => {
    const r = fight(encounter([{ name: 'Ann' }, { name: 'Cid' }], [{ name: 'Bob' }]), [20, 90], [['turn', 'end'], ['turn', 'end'], ['turn', 'attack:@ann'], ['attack-cp', 50], ['cover', 'yes'], ['cover-cp', 30], ['defence', 'block'], ['defence-cp', 10], ['defence-w', 0], ['answer', 'pass'], ['turn', 'end']]);
    has(r.texts, 'Cid tries to parry for Ann: D100 20 ≤ 50: in time');
    has(r.texts, 'Cid spends 30 CP for Ann: counts 10 (÷ 3)');
    has(r.texts, 'Bob attacks Ann: 50 CP − 10 CP − 10 parried for = 30%; D100 90: miss');
    expect(r.unusedDice).toBe(0);
  });

  it('rule 15: surprised from the rear, WS + ability 30 less until an I test, 10 easier each round', () => {
    const r = fight(encounter([{ name: 'Ann' }], [{ name: 'Bob' }], '', '    surprisedFrom: rear\n'), [50, 45], [['turn', 'end'], ['turn', 'end'], ['turn', 'end'], ['turn', 'end'], ['turn', 'end'], ['turn', 'end']], 3);
    has(r.texts, 'Bob: CP 50, at most 20 an action (sword: WS 30 + Swords 20), EI 40, surprised from the rear');
    has(r.texts, 'Bob tests I against the surprise: D100 50 > 40: still surprised');
    has(r.texts, 'Bob tests I against the surprise: D100 45 ≤ 50: recovered');
    // The surprising side starts the first round although the EIs are equal.
    expect(r.asked[0]).toContain('Ann');
    expect(r.unusedDice).toBe(0);
  });

  it('rule 21: two weapons with Ambidextrous: CP + 2 × basic WS, the ability alone an action (the text: 103 and 43)', () => {
    const r = fight(encounter([{ name: 'Ann', more: 'weapons: [sword, sword]\nskills: [ambidextrous]\nabilities: { swords: { base: 20, advance: 23 } }', profile: PROFILE.replace('WS: 30', 'WS: 20') }], [{ name: 'Bob' }]), [], [['turn', 'end'], ['turn', 'end']]);
    has(r.texts, 'Ann: CP 103, at most 43 an action');
  });
});
