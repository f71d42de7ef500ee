// A character as a form: the fields of its ruleset's combatant entry that a character is made of
// (characteristics with their bounds, weapons and armour picked from the data, skills, tactics),
// drawn from the entry's own schema, with the sheet the rules compute shown beside it as it is
// written (`fray sheet`'s lines) and each problem at its field. YAML is the other view of the same.
import { useEffect, useState } from 'preact/hooks';
import { api, type CharacterFormSpec, type CombatantSheet, type Issue, type PropSchema } from './api.js';
import { ApiError } from './api.js';
import { Tabs } from './tabs.js';

type Entry = Record<string, unknown>;

/** A field's words for its label: "leftHanded" → "left handed", "combatLevel" → "combat level". */
function labelOf(key: string): string {
  // Abbreviations stay as the books write them (WS, Dex, STR); field names become words.
  if (/^[A-Z]/.test(key)) return key;
  return key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

/** The schema a value takes, without a union's "or anything" half (a profile's '-'). */
function plainOf(s: PropSchema): { s: PropSchema; dash: boolean } {
  if (s.anyOf) {
    const real = s.anyOf.find((x) => x.type !== undefined || x.enum || x.properties);
    return { s: real ?? s, dash: true };
  }
  return { s, dash: false };
}

function NumberField({
  label,
  s,
  value,
  dash,
  onChange,
}: {
  label: string;
  s: PropSchema;
  value: unknown;
  dash: boolean;
  onChange: (v: unknown) => void;
}) {
  return (
    <label class="field">
      <span class="flabel">{label}</span>
      <input
        class="short"
        inputMode="numeric"
        aria-label={label}
        title={`${s.minimum ?? ''}–${s.maximum ?? ''}${dash ? ', or - if it has none' : ''}`}
        value={value === undefined ? '' : String(value)}
        placeholder={s.minimum !== undefined ? `${s.minimum}–${s.maximum ?? ''}` : ''}
        onChange={(e) => {
          const t = e.currentTarget.value.trim();
          onChange(t === '' ? undefined : dash && t === '-' ? '-' : /^-?\d+$/.test(t) ? Number(t) : t);
        }}
      />
    </label>
  );
}

/** A list of ids picked from the data: the chosen ones in order, each removable, and a picker for more. */
function IdList({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly { readonly id: string; readonly name: string }[];
  value: readonly string[];
  onChange: (v: string[] | undefined) => void;
}) {
  const name = (id: string) => options.find((o) => o.id === id)?.name ?? id;
  return (
    <div class="field idlist" role="group" aria-label={label}>
      <span class="flabel">{label}</span>
      {value.map((id, i) => (
        <span class="chip">
          {name(id)}{' '}
          <button
            type="button"
            class="link"
            aria-label={`remove ${name(id)} from ${label}`}
            onClick={() => {
              const next = value.filter((_, j) => j !== i);
              onChange(next.length ? next : undefined);
            }}
          >
            ✕
          </button>
        </span>
      ))}
      <select
        aria-label={`add to ${label}`}
        value=""
        onChange={(e) => {
          const id = e.currentTarget.value;
          if (id) onChange([...value, id]);
        }}
      >
        <option value="">add…</option>
        {options.map((o) => (
          <option value={o.id}>{o.name}</option>
        ))}
      </select>
    </div>
  );
}

/** One value picked from a list, or none (the entry then leaves the field out). */
function PickOne({
  label,
  value,
  none,
  options,
  onChange,
}: {
  label: string;
  value: unknown;
  none: string;
  options: readonly { id: string; name: string }[];
  onChange: (v: unknown) => void;
}) {
  return (
    <label class="field">
      <span class="flabel">{label}</span>
      <select
        aria-label={label}
        value={String(value ?? '')}
        onChange={(e) => onChange(e.currentTarget.value || undefined)}
      >
        <option value="">{none}</option>
        {options.map((o) => (
          <option value={o.id}>{o.name}</option>
        ))}
      </select>
    </label>
  );
}

/** One field of the entry, drawn from its schema. */
function Field({
  field,
  s0,
  spec,
  value,
  onChange,
}: {
  field: string;
  s0: PropSchema;
  spec: CharacterFormSpec;
  value: unknown;
  onChange: (v: unknown) => void;
}) {
  const { s, dash } = plainOf(s0);
  const label = labelOf(field);
  if (s.type === 'integer' || s.type === 'number')
    return <NumberField label={label} s={s} value={value} dash={dash} onChange={onChange} />;
  if (s.type === 'boolean')
    return (
      <label class="field flag">
        <input
          type="checkbox"
          checked={value === true}
          onChange={(e) => onChange(e.currentTarget.checked || undefined)}
        />{' '}
        {label}
      </label>
    );
  if (s.enum)
    return (
      <PickOne
        label={label}
        value={value}
        none="(default)"
        options={s.enum.map((v) => ({ id: v, name: v }))}
        onChange={onChange}
      />
    );
  if (s.type === 'string') {
    const options = spec.lists[field];
    if (options)
      return <PickOne label={label} value={value} none="(none)" options={options} onChange={onChange} />;
    return (
      <label class="field">
        <span class="flabel">{label}</span>
        <input
          aria-label={label}
          value={String(value ?? '')}
          onChange={(e) => onChange(e.currentTarget.value.trim() || undefined)}
        />
      </label>
    );
  }
  if (s.type === 'array') {
    const items = plainOf(s.items ?? {}).s;
    const list = Array.isArray(value) ? (value as string[]) : [];
    if (items.enum || (field === 'skills' && spec.skills.length > 0)) {
      const choices = items.enum ?? spec.skills;
      return (
        <fieldset class="field checks">
          <legend>{label}</legend>
          {choices.map((c) => (
            <label>
              <input
                type="checkbox"
                checked={list.includes(c)}
                onChange={(e) => {
                  const next = e.currentTarget.checked ? [...list, c] : list.filter((x) => x !== c);
                  onChange(next.length ? next : undefined);
                }}
              />{' '}
              {c}
            </label>
          ))}
        </fieldset>
      );
    }
    const options = spec.lists[field];
    if (options) return <IdList label={label} options={options} value={list} onChange={onChange} />;
    return (
      <label class="field">
        <span class="flabel">{label}</span>
        <input
          aria-label={label}
          value={list.join(', ')}
          placeholder="a, b"
          onChange={(e) => {
            const next = e.currentTarget.value
              .split(',')
              .map((x) => x.trim())
              .filter(Boolean);
            onChange(next.length ? next : undefined);
          }}
        />
      </label>
    );
  }
  if (s.type === 'object' && s.properties) {
    const obj = (value ?? {}) as Entry;
    return (
      <fieldset class="field group">
        <legend>{label}</legend>
        {Object.entries(s.properties).map(([k, sub]) => (
          <Field
            field={k}
            s0={sub}
            spec={spec}
            value={obj[k]}
            onChange={(v) => {
              const next = { ...obj };
              if (v === undefined) delete next[k];
              else next[k] = v;
              onChange(Object.keys(next).length ? next : undefined);
            }}
          />
        ))}
      </fieldset>
    );
  }
  if (s.type === 'object') {
    // A record (a weapon class's ability …): a row a key, as written.
    const obj = (value ?? {}) as Entry;
    return (
      <fieldset class="field group">
        <legend>{label}</legend>
        {Object.entries(obj).map(([k, v]) => (
          <label class="field">
            <span class="flabel">{k}</span>
            <input
              class="short"
              aria-label={`${label} ${k}`}
              value={typeof v === 'object' ? JSON.stringify(v) : String(v)}
              onChange={(e) => {
                const t = e.currentTarget.value.trim();
                const next = { ...obj };
                if (t === '') delete next[k];
                else next[k] = /^\d+$/.test(t) ? Number(t) : (JSON.parse(t) as unknown);
                onChange(Object.keys(next).length ? next : undefined);
              }}
            />
          </label>
        ))}
        <input
          aria-label={`add to ${label}`}
          placeholder="name: value"
          onChange={(e) => {
            const m = /^([\w-]+)\s*:\s*(\d+)$/.exec(e.currentTarget.value.trim());
            if (m) onChange({ ...obj, [m[1] as string]: Number(m[2]) });
            e.currentTarget.value = '';
          }}
        />
      </fieldset>
    );
  }
  return null;
}

/**
 * The builder: the form (or the YAML) of one entry, and its sheet computed as it changes. `entry`
 * is what is built; `onEntry` hears each change.
 */
export function CharacterForm({
  ruleset,
  entry,
  onEntry,
}: {
  ruleset: string;
  entry: Entry;
  onEntry: (e: Entry) => void;
}) {
  const [spec, setSpec] = useState<CharacterFormSpec | null>(null);
  const [sheet, setSheet] = useState<CombatantSheet | null>(null);
  const [issues, setIssues] = useState<readonly Issue[]>([]);
  const [asYaml, setAsYaml] = useState(false);
  const [yaml, setYaml] = useState('');
  useEffect(() => void api.characterForm(ruleset).then(setSpec), [ruleset]);
  // The sheet, a moment after each change (not at every key).
  useEffect(() => {
    if (!entry.name) {
      setSheet(null);
      return;
    }
    const t = setTimeout(() => {
      void api.characterSheet(ruleset, { entry }).then(
        (r) => (setSheet(r.sheet), setIssues([]), asYaml || setYaml(r.yaml)),
        (e: Error) => (
          setSheet(null),
          setIssues(e instanceof ApiError ? e.issues : [{ file: '', path: '', message: e.message }])
        ),
      );
    }, 250);
    return () => clearTimeout(t);
  }, [ruleset, JSON.stringify(entry)]);
  const set = (k: string, v: unknown) => {
    const next = { ...entry };
    if (v === undefined) delete next[k];
    else next[k] = v;
    onEntry(next);
  };
  // The YAML read by the server a moment after each key: the entry it makes, or its problems at their lines.
  useEffect(() => {
    if (!asYaml || !yaml.trim()) return;
    const t = setTimeout(() => {
      void api.characterSheet(ruleset, { text: yaml }).then(
        (r) => (onEntry(r.entry), setSheet(r.sheet), setIssues([])),
        (e: Error) =>
          setIssues(e instanceof ApiError ? e.issues : [{ file: '', path: '', message: e.message }]),
      );
    }, 250);
    return () => clearTimeout(t);
  }, [yaml, asYaml, ruleset]);
  const at = (field: string) =>
    issues.filter(
      (i) => i.path === field || i.path.startsWith(`${field}.`) || i.path.startsWith(`${field}[`),
    );
  return (
    <div class="character-form">
      <Tabs
        label="how to see the character"
        tabs={[
          ['form', 'Form view'],
          ['yaml', 'YAML view'],
        ]}
        value={asYaml ? 'yaml' : 'form'}
        onChange={(v) => setAsYaml(v === 'yaml')}
      />
      <div class="builder-columns">
        <div>
          {asYaml ? (
            <textarea
              aria-label="character YAML"
              spellcheck={false}
              rows={12}
              value={yaml}
              onInput={(e) => setYaml(e.currentTarget.value)}
            />
          ) : (
            <div class="form-fields">
              <label class="field">
                <span class="flabel">name</span>
                <input
                  aria-label="character name"
                  value={String(entry.name ?? '')}
                  onInput={(e) => set('name', e.currentTarget.value || undefined)}
                />
              </label>
              {spec?.schema &&
                spec.fields.map((f) => (
                  <div class={at(f).length ? 'bad' : ''}>
                    <Field
                      field={f}
                      s0={spec.schema?.properties[f] as PropSchema}
                      spec={spec}
                      value={entry[f]}
                      onChange={(v) => set(f, v)}
                    />
                    {at(f).map((i) => (
                      <span class="field-problem">
                        {i.path}: {i.message}
                      </span>
                    ))}
                  </div>
                ))}
            </div>
          )}
        </div>
        <aside class="sheet" aria-label="the sheet as the rules compute it" aria-live="polite">
          <h3>{sheet ? sheet.name : 'Sheet'}</h3>
          {sheet ? (
            <ul>
              {[...sheet.lines, ...(sheet.warnings ?? [])].map((l) => (
                <li>{l}</li>
              ))}
            </ul>
          ) : issues.length ? (
            <ul class="problems">
              {issues.map((i) => (
                <li>
                  {i.line !== undefined && <span class="at">line {i.line} </span>}
                  {i.path && <code>{i.path}</code>} {i.message}
                </li>
              ))}
            </ul>
          ) : (
            <p class="hint">Give it a name and its numbers: the values the rules derive show here.</p>
          )}
        </aside>
      </div>
    </div>
  );
}
