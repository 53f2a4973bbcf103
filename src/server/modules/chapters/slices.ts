// Long builds that run beside requests on the same thread (the home map's pins, the spec's
// /active list, at 20,000 chapters 1.5-2 s of CPU each) give the event loop back every few
// milliseconds. Yielding once per page of chapters was not enough: a page took 20-25 ms, and for
// the whole build every request waited up to that long (the 1-connection p99s of bench/api.ts).

/** The longest a build keeps the event loop before it lets waiting requests through. */
const SLICE_MS = 4;

/**
 * A pause to await inside a build's loops: it yields to the event loop once SLICE_MS have passed
 * since the last yield, and costs nothing otherwise.
 */
export function slicePauses(): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    if (performance.now() - since < SLICE_MS) return undefined;
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        since = performance.now();
        resolve();
      }),
    );
  };
}
