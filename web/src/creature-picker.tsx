// A bestiary to pick from: its creatures by name, grouped as the book groups them, and a search
// box that narrows the list as it is typed (a name, a group, or what is not played of it).
import { useEffect, useState } from 'preact/hooks';
import type { Creature } from './api.js';

const shownFor = (creatures: readonly Creature[], search: string) => {
  const q = search.trim().toLowerCase();
  return q
    ? creatures.filter((c) => `${c.name} ${c.id} ${c.group ?? ''}`.toLowerCase().includes(q))
    : creatures;
};

/**
 * The creature picked is always one of those shown, and none when none is: what is added beside
 * the picker is what the GM sees in it, never a creature the search has hidden.
 */
const pickedOf = (shown: readonly Creature[], value: string) =>
  shown.some((c) => c.id === value) ? value : (shown[0]?.id ?? '');

export function CreaturePicker({
  creatures,
  value,
  onChange,
}: {
  creatures: readonly Creature[];
  value: string;
  onChange: (id: string) => void;
}) {
  const [search, setSearch] = useState('');
  const shown = shownFor(creatures, search);
  const picked = pickedOf(shown, value);
  // Another bestiary (a ruleset changed) under a search still typed.
  useEffect(() => {
    if (picked !== value) onChange(picked);
  }, [picked, value]);
  const groups = [...new Set(shown.map((c) => c.group ?? 'Others'))];
  const chosen = creatures.find((c) => c.id === picked);
  return (
    <span class="picker">
      <input
        type="search"
        aria-label="search the bestiary"
        placeholder={`search ${creatures.length} creatures`}
        value={search}
        onInput={(e) => {
          const next = e.currentTarget.value;
          setSearch(next);
          // At once, not after the next paint: an add button pressed straight after a key adds what is shown.
          const now = pickedOf(shownFor(creatures, next), value);
          if (now !== value) onChange(now);
        }}
      />{' '}
      <select
        value={picked}
        disabled={shown.length === 0}
        onChange={(e) => onChange(e.currentTarget.value)}
        aria-label="creature"
      >
        {groups.map((g) => (
          <optgroup label={g}>
            {shown
              .filter((c) => (c.group ?? 'Others') === g)
              .map((c) => (
                <option value={c.id}>{c.name}</option>
              ))}
          </optgroup>
        ))}
      </select>
      <span role="status" class="muted">
        {shown.length === 0 && search.trim() ? `no creature matches '${search.trim()}'` : ''}
      </span>
      {chosen?.notPlayed && <span class="muted"> not played: {chosen.notPlayed}</span>}
    </span>
  );
}
