type WithScheduler = { scheduler?: { yield?: () => Promise<void> } };

/**
 * Resolves in a task of its own, so the work after `await nextTask()` does not lengthen the
 * current one: a phone counts each task over 50 ms against the page. `scheduler.yield()` where
 * the browser has it (it resumes ahead of other queued work), a timer otherwise.
 */
export function nextTask(): Promise<void> {
  const { scheduler } = globalThis as WithScheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
