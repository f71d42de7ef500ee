// The exact duel of fray odds (src/rulesets/fantasy-wargaming/odds.ts): the tactics' declaration
// it shares with the engine, and, in a short slice of `npm run agree`, its figures against
// simulated fights.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TACTICS,
  suggestedKind,
  type Declaring,
} from '../../src/rulesets/fantasy-wargaming/tactics.js';
import { agreeSlice } from '../helpers.js';

const declaring = (over: Partial<Declaring>): Declaring => ({
  bound: null,
  berserk: false,
  tactics: DEFAULT_TACTICS,
  outnumbered: false,
  lastAction: null,
  lastTargetStands: false,
  can: () => true,
  ...over,
});

describe('the declaration, as the engine and the chain both make it', () => {
  it('acting selfishly disengages where it can, else defends; dithering goes on with what it did', () => {
    expect(suggestedKind(declaring({ bound: 'selfish' }))).toBe('disengage');
    expect(suggestedKind(declaring({ bound: 'selfish', can: (k) => k === 'parry' }))).toBe('parry');
    expect(suggestedKind(declaring({ bound: 'dither', lastAction: 'attack', lastTargetStands: true }))).toBe(
      'attack-last',
    );
    expect(suggestedKind(declaring({ bound: 'dither', lastAction: 'dodge' }))).toBe('dodge');
  });

  it('tactics defend as they say, when they can; a berserker never does; when-outnumbered one against one attacks', () => {
    const parry = { ...DEFAULT_TACTICS, defence: 'parry' as const };
    expect(suggestedKind(declaring({ tactics: parry }))).toBe('parry');
    expect(suggestedKind(declaring({ tactics: parry, can: () => false }))).toBe('attack');
    expect(suggestedKind(declaring({ tactics: parry, berserk: true }))).toBe('attack');
    expect(suggestedKind(declaring({}))).toBe('attack');
    expect(suggestedKind(declaring({ outnumbered: true }))).toBe('parry');
  });
});

describe('npm run agree, a short slice', () => {
  it('two random duels agree with 20,000 simulated fights each, within the 99.9% interval', () => {
    const r = agreeSlice('fantasy-wargaming', { files: 'none' });
    expect(r.stdout).toMatch(/2 duels checked, 0 figures outside the 99.9% interval/);
    expect(r.status).toBe(0);
  }, 600_000);
});
