// The designer's page (#/designer): a simulation, a comparison, a sweep or the exact odds of a pair,
// asked of an encounter of the campaign and run by the server on its worker threads; a progress bar
// and Stop while it runs; the figures and plots of `fray sim --report`, `compare`, `sweep --svg` and
// `odds`; the studies kept in the campaign, to reopen, re-run or delete (#/designer/N opens one).
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, onStudies, type EncounterItem, type RulesetItem, type StudyRow } from './api.js';
import { count, KIND_NAME, solved } from './designer/format.js';
import { ResultPanel, type Ran } from './designer/result-panel.js';
import { StudyForm } from './designer/study-form.js';
import { Problems } from './problems.js';
import { changes, reconnects } from './state.js';
import { Help } from './help.js';

export function Designer({ open }: { open: number | null }) {
  const [encounters, setEncounters] = useState<EncounterItem[]>([]);
  const [rulesets, setRulesets] = useState<RulesetItem[]>([]);
  const [studies, setStudies] = useState<StudyRow[]>([]);
  const [progress, setProgress] = useState<Record<number, Ran>>({});
  const [error, setError] = useState<Error | null>(null);
  // The latest list only: a refresh asked earlier may answer later.
  const asked = useRef(0);
  const refresh = () => {
    const n = ++asked.current;
    void api.studies().then(
      (list) => n === asked.current && setStudies(list),
      (e: Error) => setError(e),
    );
  };
  useEffect(() => void api.encounters().then(setEncounters), [changes.value]);
  useEffect(() => void api.rulesets().then(setRulesets), []);
  useEffect(refresh, [reconnects.value]);
  useEffect(
    () =>
      onStudies((m) => {
        if (m.type === 'progress' || m.type === 'underway')
          setProgress((p) => {
            const was = p[m.study];
            // Played only rises: a block added up says no more than was already seen played.
            const played = Math.max(m.played ?? m.done, m.done, was?.played ?? 0);
            return { ...p, [m.study]: { done: m.done, played } };
          });
        else refresh();
      }),
    [],
  );
  const go = (id: number) => (location.hash = `#/designer/${id}`);
  const shown = open ?? studies[0]?.id ?? null;
  return (
    <main class="designer">
      <StudyForm encounters={encounters} rulesets={rulesets} onStarted={go} />
      <section class="panel study-result" aria-label="result">
        {shown !== null ? (
          // A panel of its own for each study: nothing of the last one shows while the next loads.
          <ResultPanel key={shown} id={shown} ran={progress[shown] ?? null} onRerun={go} />
        ) : (
          <p class="hint">
            No study yet. Choose an encounter, what to run and how many fights, and start it: the server runs
            it on its worker threads, and the figures and plots come here.
          </p>
        )}
      </section>
      <section class="panel wide" aria-label="studies">
        <h2>Studies</h2>
        <Help topic="studies" corner />
        <Problems error={error} />
        {studies.length === 0 && (
          <p class="hint">The studies you run are kept here, with their seed and text.</p>
        )}
        <div class="scroll">
          <table class="studies">
            <tbody>
              {studies.map((s) => (
                <tr class={s.id === shown ? 'current' : ''} data-id={s.id}>
                  <td class="num">{s.id}</td>
                  <td class="what">
                    <a href={`#/designer/${s.id}`}>{s.title}</a>
                    <span class="muted small">
                      {KIND_NAME[s.kind]}
                      {s.seed !== null && !solved(s) ? ` · seed ${s.seed}` : ''} · {s.created.slice(0, 16)}
                    </span>
                  </td>
                  <td>
                    <span class={`tag status ${s.status}`}>{s.status}</span>
                  </td>
                  <td class="muted fights">
                    {solved(s)
                      ? ''
                      : `${count(s.status === 'running' ? (progress[s.id]?.played ?? s.done) : s.done)} / ${count(s.total)}`}
                  </td>
                  <td class="acts">
                    <button type="button" class="link" onClick={() => go(s.id)}>
                      open
                    </button>
                    <button
                      type="button"
                      class="link"
                      disabled={s.status === 'running' || s.status === 'queued'}
                      onClick={() => void api.rerunStudy(s.id).then((x) => go(x.id), setError)}
                    >
                      re-run
                    </button>
                    <button
                      type="button"
                      class="link"
                      onClick={() =>
                        void api.deleteStudy(s.id).then(() => {
                          if (open === s.id) location.hash = '#/designer';
                          refresh();
                        }, setError)
                      }
                    >
                      delete
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </main>
  );
}
