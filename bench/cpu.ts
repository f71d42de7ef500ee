// The CPU a bench's child processes used, which vitest does not measure: Linux's accounting of
// reaped children (/proc/self/stat), for benches that time whole commands.
import { readFileSync } from 'node:fs';

/** Clock ticks a second, as /proc counts them (USER_HZ). */
const TICKS = 100;

/** CPU seconds used so far by this process's children that have been waited for (user + system). */
export function childrenCpu(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
  // After the name: state is field 3, cutime and cstime are fields 16 and 17.
  return (Number(fields[13]) + Number(fields[14])) / TICKS;
}
