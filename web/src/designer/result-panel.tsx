// A study open on the page: its progress and Stop while it runs, its figures once done, and the
// buttons to download, re-run or delete it.
import { useEffect, useRef, useState } from 'preact/hooks';
import {
  api,
  download,
  onStudies,
  type Comparison,
  type OddsReport,
  type SimSummary,
  type Study,
  type StudyRow,
  type SweepResult,
} from '../api.js';
import { Problems } from '../problems.js';
import { reconnects } from '../state.js';
import { count, KIND_NAME, solved } from './format.js';
import { CompareTable, OddsView, Plots, SimTable, SweepTable } from './results.js';

/** A running study's fights: added up (what its figures and a stop keep, a block at a time), and played. */
export interface Ran {
  readonly done: number;
  readonly played: number;
}

function Progress({ study, ran }: { study: StudyRow; ran: Ran }) {
  const total = Math.max(1, study.total);
  const played = Math.max(ran.played, ran.done);
  const part = Math.min(1, played / total);
  return (
    <div
      class="progress"
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={study.total}
      aria-valuenow={played}
    >
      <span class="count">
        {study.status === 'queued'
          ? 'waiting for the study before it'
          : study.kind === 'odds'
            ? 'counting every die…'
            : `${count(played)} / ${count(study.total)} fights`}
        {/* A stop keeps the blocks added up, not the fights of a block still under way. */}
        {played > ran.done && study.kind !== 'odds' && (
          <span class="muted added"> ({count(ran.done)} added up)</span>
        )}
      </span>
      <span class="bar big">
        {/* A sliver as soon as anything is done: a run of millions moves before it shows a percent. */}
        <span class="fill" style={{ width: `${part * 100}%`, minWidth: played > 0 ? '3px' : 0 }} />
      </span>
    </div>
  );
}

export function ResultPanel({
  id,
  ran,
  onRerun,
}: {
  id: number;
  /** What the live socket said of it while it runs; null before it says anything. */
  ran: Ran | null;
  onRerun: (id: number) => void;
}) {
  const [study, setStudy] = useState<Study | null>(null);
  const [error, setError] = useState<Error | null>(null);
  // Only the latest fetch is shown: one asked before the study ended may answer after one asked since.
  const asked = useRef(0);
  const load = () => {
    const n = ++asked.current;
    void api.study(id).then(
      (s) => n === asked.current && (setStudy(s), setError(null)),
      (e: Error) => n === asked.current && setError(e),
    );
  };
  // Fetched again on reconnecting: a restart may have stopped it meanwhile.
  useEffect(load, [id, reconnects.value]);
  // The page hears of the study's end (or a stop from another page) and fetches it again.
  useEffect(
    () =>
      onStudies((m) => {
        if (m.study === id && m.type === 'study') load();
      }),
    [id],
  );
  if (error) return <Problems error={error} />;
  if (!study) return <p class="hint">Loading…</p>;
  const running = study.status === 'running' || study.status === 'queued';
  const r = study.result;
  const stop = () => void api.stopStudy(id).then(setStudy, (e: Error) => setError(e));
  return (
    <div class="result" data-status={study.status}>
      <h2>
        {study.title}{' '}
        <small>
          {KIND_NAME[study.kind]} · {study.ruleset}
          {study.seed !== null && !solved(study) ? ` · seed ${study.seed}` : ''} · study {study.id}
        </small>
      </h2>
      <p class="params">{paramsLine(study)}</p>
      {running && (
        <div class="row running">
          <Progress study={study} ran={ran ?? { done: study.done, played: study.done }} />
          <button type="button" class="stop" onClick={stop}>
            Stop
          </button>
        </div>
      )}
      {study.status === 'stopped' && (
        <div class="row note-stopped" role="status">
          <p>
            {study.error?.startsWith('stopped by a restart')
              ? `Stopped by a restart at ${count(study.done)} of ${count(study.total)} fights`
              : `Stopped${study.error ? ` (${study.error})` : ''} after ${count(study.done)} of ${count(study.total)} fights`}
            {study.kind === 'sweep'
              ? ': the points finished are shown'
              : study.done > 0
                ? ': the figures are of those'
                : ''}
            .
          </p>
          {study.goesOn && (
            <button
              type="button"
              class="primary"
              onClick={() => void api.goOnStudy(id).then(setStudy, (e: Error) => setError(e))}
            >
              Go on to {count(study.total)}
            </button>
          )}
        </div>
      )}
      {study.status === 'failed' && (
        <div class="problems" role="alert">
          <p>The study failed: {study.error}</p>
        </div>
      )}
      {r !== null && !running && <ResultBody study={study} />}
      {!running && (
        <div class="row actions">
          <button type="button" onClick={() => void api.rerunStudy(id).then((x) => onRerun(x.id), setError)}>
            Re-run it exactly
          </button>
          <button
            type="button"
            class="link"
            onClick={() => void download(`/api/studies/${id}/encounter`, `study-${id}.yaml`)}
          >
            the encounter as studied
          </button>
        </div>
      )}
    </div>
  );
}

function ResultBody({ study }: { study: Study }) {
  const r = study.result;
  if (study.kind === 'sim') {
    const s = r as SimSummary;
    if (s.runs === 0) return <p class="hint">No fight was finished.</p>;
    return (
      <>
        <SimTable s={s} />
        <Plots plots={study.plots} />
      </>
    );
  }
  if (study.kind === 'compare')
    return (r as Comparison).runs > 0 || (r as Comparison).method === 'exact' ? (
      <CompareTable c={r as Comparison} />
    ) : null;
  if (study.kind === 'sweep')
    return (r as SweepResult).points.length > 0 ? (
      <>
        <Plots plots={study.plots} />
        <SweepTable r={r as SweepResult} />
      </>
    ) : (
      <p class="hint">No point was finished.</p>
    );
  return <OddsView r={r as OddsReport} />;
}

/** The parameters in a line: runs, options, what varies, the round cap. */
function paramsLine(s: StudyRow): string {
  const p = s.params as Record<string, unknown>;
  const parts: string[] = [];
  const unit = s.kind === 'sweep' ? 'fights a point' : s.kind === 'compare' ? 'paired fights' : 'fights';
  const exact = s.kind !== 'odds' && solved(s);
  if (exact) parts.push('solved exactly');
  else if (typeof p.runs === 'number') parts.push(`${count(p.runs)} ${unit}`);
  if (p.method === 'exact' || p.method === 'sim') parts.push(`method ${p.method}`);
  const opts = Object.entries((p.options as Record<string, string> | undefined) ?? {});
  if (opts.length) parts.push(`options ${opts.map(([k, v]) => `${k}=${v}`).join(', ')}`);
  if (Array.isArray(p.a) && p.a.length) parts.push(`A: ${p.a.join(', ')}`);
  if (Array.isArray(p.b) && p.b.length) parts.push(`B: ${p.b.join(', ')}`);
  if (Array.isArray(p.vary)) parts.push(`varying ${p.vary.join(' × ')}`);
  if (typeof p.untilCi === 'number') parts.push(`until ± ${p.untilCi}`);
  if (typeof p.maxRounds === 'number') parts.push(`round cap ${p.maxRounds}`);
  if (s.rerunOf !== null) parts.push(`a re-run of study ${s.rerunOf}`);
  return parts.join(' · ');
}
