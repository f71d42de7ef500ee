// The WFRP 1e bestiary and armour against their sources: published profiles where there are
// any, each row naming its source (docs/rulesets/wfrp1e.md, Facts from public sources: Profiles).
import { describe, expect, it } from 'vitest';
import { CHARS, type Creature } from '../../src/rulesets/wfrp1e/catalogue.js';
import type { W1Setup } from '../../src/rulesets/wfrp1e/encounter.js';
import { loadText, sheetOf } from '../helpers.js';

const setup = loadText(
  'ruleset: wfrp1e\nsides:\n  - name: A\n    combatants:\n      - { use: human }\n  - name: B\n    combatants:\n      - { use: orc }\n',
).setup as W1Setup;
const creature = (id: string): Creature => {
  const c = setup.catalogue.creatures.get(id);
  if (!c) throw new Error(`no creature ${id}`);
  return c;
};
const profile = (id: string) => CHARS.map((ch) => creature(id).profile[ch] ?? '-').join(' ');

describe('WFRP 1e bestiary from the published profiles', () => {
  it('every creature names its source: the facts, a bestiary entry, or ours', () => {
    for (const c of setup.catalogue.creatures.values())
      expect(c.source, c.id).toMatch(/^(facts: Profiles|WFRP 1e \(1986\) bestiary: |ours$)/);
  });

  it('griffon, harpy, eagle, hydra, riding horse and giant bat take the bestiary entries', () => {
    // M WS BS S T W I A Dex Ld Int Cl WP Fel
    expect(profile('griffon')).toBe('6 50 - 5 5 35 80 4 - 66 14 66 66 -');
    expect(profile('harpy')).toBe('4 41 25 4 4 11 20 1 33 35 14 43 66 5');
    expect(profile('giant-eagle')).toBe('2 67 - 5 4 17 50 2 - 43 29 43 43 -');
    expect(profile('hydra')).toBe('6 33 - 4 6 41 30 8 - 24 14 24 24 -');
    expect(profile('horse')).toBe('8 33 - 3 3 5 30 0 - 10 10 10 10 -');
    expect(profile('giant-bat')).toBe('1 33 - 2 2 5 30 1 - 10 14 24 24 -');
    expect(creature('griffon').source).toBe('WFRP 1e (1986) bestiary: Griffon');
    expect(creature('hydra').source).toBe('WFRP 1e (1986) bestiary: Hydra, A ours');
    expect(creature('horse').source).toBe('WFRP 1e (1986) bestiary: Horse, S ours');
    expect(creature('hydra').heads).toBe(7);
  });

  it('the tougher goblin is labelled ours, and differs from the published goblin', () => {
    expect(creature('goblin-tough').source).toBe('ours');
    expect(creature('goblin').source).toBe('facts: Profiles');
    expect(profile('goblin')).toBe('4 25 25 2 2 5 40 1 24 18 18 18 18 18');
  });

  it('fray sheet names the sources of each combatant', () => {
    const loaded = loadText(
      'ruleset: wfrp1e\nsides:\n  - name: A\n    combatants:\n      - { name: Ulla, use: human, weapons: [sword], armour: [mail-shirt] }\n  - name: B\n    combatants:\n      - { use: griffon }\n',
    );
    expect(sheetOf(loaded, 'Ulla')).toContain(
      'sources: facts: Profiles (human); WFRP 1e (1986), Combat (sword); facts: Armour (mail shirt)',
    );
    expect(sheetOf(loaded, 'Griffon').at(-1)).toMatch(
      /^sources: WFRP 1e \(1986\) bestiary: Griffon \(griffon\)/,
    );
  });
});

describe('WFRP 1e armour layering: the optional −10 I', () => {
  const knight = (armour: string, options = '') =>
    loadText(
      `ruleset: wfrp1e\n${options}\nsides:\n  - name: A\n    combatants:\n      - { name: Ulla, use: human, weapons: [sword], armour: [${armour}] }\n  - name: B\n    combatants:\n      - { use: orc }\n`,
    );
  const ei = (armour: string, options = '') =>
    sheetOf(knight(armour, options), 'Ulla').find((l) => l.startsWith('W ')) ?? '';

  it('leggings with a mail coat cost 10 I, as bracers over sleeved mail do, with the option on', () => {
    expect(ei('mail-coat, mail-leggings')).toMatch(/^W 7\/7; EI: I 30[;,]/);
    expect(ei('mail-coat, mail-leggings', 'options: { bracerPenalty: on }')).toContain(
      'EI: I 30 − 10 mail leggings layered = 20',
    );
    expect(
      ei('sleeved-mail-coat, plate-bracers, plate-leggings', 'options: { bracerPenalty: on }'),
    ).toContain('EI: I 30 − 10 plate leggings layered − 10 plate bracers layered = 10');
  });
});
