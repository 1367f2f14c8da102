/*
 * Runs `done` in a task of its own once the next frame has been painted: a timer set from an
 * animation frame fires after that frame is painted. The calls made before a frame share its
 * animation frame and its timer: the commit that shows the home page asks for several (the
 * carousels, the settle wait), and each browser timer call costs more than the work it
 * schedules when the browser records a trace with stacks (Lighthouse's phone estimate counts
 * that commit's task). Returns what cancels it.
 */
type Waiting = { done: () => void; cancelled: boolean };

let queued: Waiting[] = [];
let frame = 0;

function onFrame(): void {
  frame = 0;
  const batch = queued;
  queued = [];
  window.setTimeout(() => {
    for (const waiting of batch) {
      if (waiting.cancelled) continue;
      try {
        waiting.done();
      } catch (error) {
        // Reported like an error of its own timer; the others still run.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }, 0);
}

export function afterNextPaint(done: () => void): () => void {
  const waiting: Waiting = { done, cancelled: false };
  queued.push(waiting);
  if (!frame) frame = window.requestAnimationFrame(onFrame);
  return () => {
    waiting.cancelled = true;
  };
}
