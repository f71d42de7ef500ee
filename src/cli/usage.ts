/** Errors caused by what the user handed in: reported plainly, exit code 2, nothing written. */
export class UsageError extends Error {}
