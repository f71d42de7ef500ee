// A row of tabs: one of a few views of the same thing (YAML or a form; build or paste). Arrow keys
// move between them, as a tab list does.

export function Tabs<T extends string>({
  label,
  tabs,
  value,
  onChange,
}: {
  label?: string;
  tabs: readonly (readonly [T, string])[];
  value: T;
  onChange: (v: T) => void;
}) {
  const move = (e: KeyboardEvent, at: number) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    e.preventDefault();
    const next = tabs[(at + step + tabs.length) % tabs.length];
    if (!next) return;
    onChange(next[0]);
    const row = (e.currentTarget as HTMLElement).parentElement;
    (row?.children[tabs.indexOf(next)] as HTMLElement | undefined)?.focus();
  };
  return (
    <div class="row tabs" role="tablist" aria-label={label}>
      {tabs.map(([id, name], at) => (
        <button
          type="button"
          role="tab"
          aria-selected={value === id}
          tabIndex={value === id ? 0 : -1}
          class={value === id ? 'on' : ''}
          onClick={() => onChange(id)}
          onKeyDown={(e) => move(e, at)}
        >
          {name}
        </button>
      ))}
    </div>
  );
}
