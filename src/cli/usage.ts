/** Errors caused by what the user handed in: reported plainly, exit code 2, nothing written. */
export class UsageError extends Error {}

/** Whose dice `fray fight -i --roll` leaves to Fray: here, so that completing the flag loads no fight. */
export const ROLLERS = ['none', 'gm', 'all'] as const;
