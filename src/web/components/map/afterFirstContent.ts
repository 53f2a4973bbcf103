/**
 * Resolves once the browser has drawn what is on screen and is idle: the next piece of heavy work
 * (Leaflet's code, the map's layers) then runs in a task of its own instead of lengthening the
 * one that draws the page. Browsers without requestIdleCallback wait for the next frame.
 */
export function afterFirstContent(): Promise<void> {
  return new Promise((resolve) => {
    const whenIdle = () => {
      if (typeof requestIdleCallback === 'function')
        requestIdleCallback(() => resolve(), { timeout: 1000 });
      else setTimeout(resolve, 0);
    };
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(whenIdle);
    else whenIdle();
  });
}
