// OpenQuest for `npm run agree`: its example duel and a generator of random duels that reach
// every part of the chain: each option, the tactics' reactions, fleeing and surrendering, missile
// weapons at ranged distance, Masters, scouting, surprise attacks and avoiding the fight.
import { between, pick } from './common.mjs';

/** A random OpenQuest duel: characteristics, skills, kit, tactics, the opening and the options. */
function openquestDuel(r) {
  const person = (name) => {
    const ch = {
      STR: between(r, 8, 18),
      CON: between(r, 8, 16),
      SIZ: between(r, 8, 16),
      DEX: between(r, 8, 18),
      INT: between(r, 8, 16),
      POW: between(r, 8, 16),
      CHA: between(r, 8, 16),
    };
    // A Master now and then (100% or more), to reach the option `mastery`.
    const skill = (lo, hi) => (r() < 0.1 ? between(r, 100, 110) : between(r, lo, hi));
    const skills = {
      close: skill(25, 90),
      dodge: skill(10, 80),
      ranged: skill(25, 90),
      unarmed: between(r, 20, 60),
      athletics: skill(20, 80),
      perception: skill(20, 80),
      deception: between(r, 20, 80),
      influence: between(r, 20, 80),
    };
    const weapons = [];
    if (r() < 0.85)
      weapons.push(pick(r, ['dagger', 'shortsword', 'longsword', 'mace', 'club', 'greatsword']));
    if (r() < 0.35) weapons.push(pick(r, ['small-shield', 'medium-shield', 'large-shield']));
    if (r() < 0.4) weapons.push(pick(r, ['short-bow', 'sling', 'light-crossbow', 'javelin']));
    const armour = pick(r, [[], ['leather'], ['ringmail'], ['chainmail']]);
    const maxHp = Math.ceil((ch.SIZ + ch.CON) / 2);
    // Hurt before the fight, sometimes mortally.
    const hp = r() < 0.2 ? between(r, 1, maxHp) : r() < 0.04 ? between(r, -3, 0) : null;
    const tactics = {
      reaction: pick(r, ['auto', 'auto', 'parry', 'dodge', 'none']),
      fleeAt: r() < 0.3 ? between(r, 1, 6) : 0,
      surrenderAt: r() < 0.2 ? between(r, 1, 5) : 0,
    };
    const modifier = r() < 0.2 ? pick(r, [-20, -10, 10, 20]) : 0;
    return (
      `      - name: ${name}\n` +
      `        characteristics: ${JSON.stringify(ch)}\n` +
      `        skills: ${JSON.stringify(skills)}\n` +
      `        weapons: [${weapons.join(', ')}]\n` +
      `        armour: [${armour.join(', ')}]\n` +
      (hp === null ? '' : `        hp: ${hp}\n`) +
      (modifier ? `        modifier: ${modifier}\n` : '') +
      `        tactics: ${JSON.stringify(tactics)}\n`
    );
  };
  const options = {
    reactions: pick(r, ['one', 'unlimited']),
    parrySize: pick(r, ['any', 'smaller-lets-through']),
    mortalWounds: pick(r, ['die-unhelped', 'linger']),
    maxDamageModifier: pick(r, ['highest-roll', 'full-penalty']),
    mastery: pick(r, ['automatic-critical', 'never-fumbles', 'none']),
    fumbles: pick(r, ['lose-action', 'none']),
  };
  const sides = ['Ann', 'Bob'];
  let opening = `distance: ${pick(r, ['close', 'ranged'])}\n`;
  const surpriser = r() < 0.35 ? pick(r, sides) : null;
  if (surpriser) {
    const kind = pick(r, ['ambush', 'sneak', 'rush']);
    opening += `surprise: { side: ${surpriser}, kind: ${kind}${kind === 'rush' ? `, by: athletics` : ''} }\n`;
  }
  if (r() < 0.3)
    opening += `scouting: { scouts: [${pick(r, sides)}], cover: ${pick(r, ['clear', 'some', 'hidden', 'good'])} }\n`;
  if (r() < 0.25) {
    // A side caught by a surprise attack cannot avoid the fight: the surprising side may.
    const side = surpriser ?? pick(r, sides);
    const by = pick(r, ['run', 'intimidate', 'fast-talk']);
    opening += `avoid: { side: ${side}, by: ${by}${by === 'run' ? `, chase: ${r() < 0.7}, faster: ${r() < 0.2}` : ''} }\n`;
  }
  const players = r() < 0.5 ? '    players: true\n' : '';
  return (
    `ruleset: openquest\ntitle: Random duel\noptions: ${JSON.stringify(options)}\n${opening}sides:\n` +
    `  - name: Ann\n${players}    combatants:\n${person('Ann')}` +
    `  - name: Bob\n    combatants:\n${person('Bob')}`
  );
}

/** The example duel, with each option's other values, and the generator. */
export default {
  name: 'openquest',
  duels: [
    { file: 'data/openquest/encounters/duel.yaml', options: [] },
    {
      file: 'data/openquest/encounters/duel.yaml',
      options: ['fumbles=none', 'parrySize=smaller-lets-through'],
    },
    {
      file: 'data/openquest/encounters/duel.yaml',
      options: ['maxDamageModifier=full-penalty', 'mastery=none'],
    },
  ],
  random: openquestDuel,
};
