// A server gives back, once quiet, what its work took. V8 collects its old space when that grows
// past a limit it raises as it goes, and a browser's V8 also collects when the page is idle; a Node
// process is never told it is idle, so after an hour at the table the heap keeps a night's garbage
// (a few live megabytes among a hundred or more) until the next answer. After a while with no
// request, one full collection: the heap shrinks to what is live, and the memory goes back.
import v8 from 'node:v8';
import vm from 'node:vm';

/** How long without a request before the server collects: a pause at the table, not between answers. */
export const REST_MS = 10_000;

/** V8's full collection: `gc` where node was started with --expose-gc, else made reachable now. */
function fullCollection(): () => void {
  const given = (globalThis as { gc?: () => void }).gc;
  if (given) return given;
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

/** Collects once after each busy spell: `busy()` at every request, `stop()` when the server closes. */
export class AtRest {
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly restMs = REST_MS,
    private readonly collect: () => void = fullCollection(),
  ) {}

  busy(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.collect();
    }, this.restMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
