// A bestiary to pick from: its creatures by name, grouped as the book groups them, and a search
// box that narrows the list as it is typed (a name, a group, or what is not played of it).
import { useState } from 'preact/hooks';
import type { Creature } from './api.js';

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
  const q = search.trim().toLowerCase();
  const shown = q
    ? creatures.filter((c) => `${c.name} ${c.id} ${c.group ?? ''}`.toLowerCase().includes(q))
    : creatures;
  const groups = [...new Set(shown.map((c) => c.group ?? 'Others'))];
  const chosen = creatures.find((c) => c.id === value);
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
          const first = creatures.find((c) =>
            `${c.name} ${c.id} ${c.group ?? ''}`.toLowerCase().includes(next.trim().toLowerCase()),
          );
          if (first && next.trim()) onChange(first.id);
        }}
      />{' '}
      <select value={value} onChange={(e) => onChange(e.currentTarget.value)} aria-label="creature">
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
      {chosen?.notPlayed && <span class="muted"> not played: {chosen.notPlayed}</span>}
    </span>
  );
}
