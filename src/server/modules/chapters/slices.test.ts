import { describe, expect, it } from 'vitest';
import { slicePauses } from './slices';

describe('a long build in slices', () => {
  it('lets a waiting request through while the work goes on', async () => {
    const pause = slicePauses();
    let heard = false;
    setImmediate(() => (heard = true));
    // Busy work, as a build's loop over chapters does, pausing between items: without a real
    // yield the request is heard only when the 200 ms of work are over.
    const started = performance.now();
    while (!heard && performance.now() - started < 200) await pause();
    expect(heard).toBe(true);
  });

  it('does not give the loop back before its slice is up', () => {
    const pause = slicePauses();
    expect(pause()).toBeUndefined();
  });
});
