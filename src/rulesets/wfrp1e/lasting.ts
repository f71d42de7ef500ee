// What a WFRP 1e fight leaves on a party member (docs/table-play.md, The party that goes on): the
// W left, the ammunition left, the effects of criticals that hold until healed or for good (a
// lost hand, an eye, characteristics reduced or halved, a to-hit penalty), and missile weapons
// destroyed. The same conditions, read back from the file, hold from the next fight's first round.
import type { Lasting } from '../../core/ruleset.js';
import type { LastingEffect } from './encounter.js';
import type { Fighter } from './state.js';

/** Effects that outlast the fight, one entry for each cause. */
function lastingEffects(f: Fighter): LastingEffect[] {
  const by = new Map<string, Record<string, unknown>>();
  const entry = (why: string) => {
    let e = by.get(why);
    if (!e) by.set(why, (e = { why }));
    return e;
  };
  for (const c of f.conds) {
    if (c.until !== Infinity) continue;
    if (c.kind === 'handUseless' && c.hand) entry(c.why).hand = c.hand;
    if (c.kind === 'toHit' && c.value !== undefined)
      entry(c.why).toHit = ((entry(c.why).toHit as number | undefined) ?? 0) + c.value;
  }
  for (const m of f.charMods) {
    if (m.until !== Infinity) continue;
    const e = entry(m.why);
    if (m.delta) {
      const change = { ...((e.change as Record<string, number> | undefined) ?? {}) };
      for (const [ch, v] of Object.entries(m.delta)) change[ch] = (change[ch] ?? 0) + (v ?? 0);
      e.change = change;
    }
    if (m.halve) e.halve = [...new Set([...((e.halve as string[] | undefined) ?? []), ...m.halve])];
  }
  return [...by.values()] as LastingEffect[];
}

export function w1Lasting(f: Fighter): Lasting {
  const fields: Record<string, unknown> = { wounds: f.W < f.maxW ? f.W : null };
  const totals = [...f.missiles].map(([id, m]) => [id, m.ammo + m.loaded] as const);
  if (totals.some(([id, n]) => n !== f.spec.ammo[id])) fields.ammo = Object.fromEntries(totals);
  const effects = lastingEffects(f);
  fields.lasting = effects.length ? effects : null;
  const lost = [...f.missiles].filter(([, m]) => m.broken === 'destroyed').map(([id]) => id);
  const notes =
    f.out === 'dead' ? ['died in the fight'] : f.out === 'dying' ? ['dying at the end of the fight'] : [];
  return { fields, lost, notes };
}
