/** One digest of every file the build reads, path and content (scripts/built.mjs). */
export function inputsDigest(root?: string): string;
/** Whether `dist/.built` names the inputs as they are now. */
export function isCurrent(root?: string): boolean;
/** Writes the inputs' digest to `dist/.built`: what the last build was made from. */
export function record(root?: string): void;
/** Builds unless dist/ is current; the build's exit status, 0 when there was nothing to do. */
export function ensure(): number;
