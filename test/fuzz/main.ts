// The long fuzz campaign as a program (`npm run fuzz`: scripts/fuzz.mjs bundles this and runs it).
// No test's clock stops it half-way on a busy machine: each campaign runs to its end and prints its
// counts. Exit 1 when a case went wrong (its examples printed), 2 for a bad flag, 0 otherwise.
import { planOf, runPlan, type Plan } from './plan.js';

let plan: Plan;
try {
  plan = planOf(process.argv.slice(2));
} catch (e) {
  process.stderr.write(`fuzz: ${(e as Error).message}\n`);
  process.exit(2);
}
const clean = await runPlan(plan, (line) => process.stdout.write(`${line}\n`));
process.stdout.write(
  clean ? 'fuzz: nothing wrong found\n' : 'fuzz: something went wrong: the examples above\n',
);
process.exit(clean ? 0 : 1);
