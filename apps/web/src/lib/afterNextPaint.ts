/**
 * Runs `done` in a task of its own once the next frame has been painted: a timer set from an
 * animation frame fires after that frame is painted. Returns what cancels it.
 */
export function afterNextPaint(done: () => void): () => void {
  let timer = 0;
  const frame = window.requestAnimationFrame(() => {
    timer = window.setTimeout(done, 0);
  });
  return () => {
    window.cancelAnimationFrame(frame);
    window.clearTimeout(timer);
  };
}
