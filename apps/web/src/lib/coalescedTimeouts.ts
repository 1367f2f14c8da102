import type { TimeoutProvider } from '@tanstack/react-query';

/*
 * TanStack Query arms a timer per query (its garbage collection) and per observer (when its data
 * goes stale), and clears and re-arms them as components mount: about forty calls in the commit
 * that shows the home page. Each browser timer call costs far more than its callback's work here
 * when the browser records a trace with stacks, as Lighthouse does, and a phone's commit of the
 * page is counted against the page beyond 50 ms. Query's own documentation (timeoutManager)
 * advises a provider that coalesces them: this one keeps the timeouts in a table and arms one
 * browser timer, for the earliest deadline. Intervals are passed through (Query only uses one
 * for `refetchInterval`).
 */

type Entry = { due: number; callback: () => void };

export type CoalescedTimeouts = TimeoutProvider<number> & {
  /** Timeouts waiting (tests). */
  pending(): number;
};

// Date's clock, not performance's: tests' fake timers move it with the timers they fire.
const now = () => Date.now();

export function createCoalescedTimeouts(): CoalescedTimeouts {
  const entries = new Map<number, Entry>();
  let nextId = 1;
  // The browser timer armed, and the deadline it was armed for.
  let armed: ReturnType<typeof setTimeout> | undefined;
  let armedFor = Infinity;
  // The earliest deadline asked for in this task: the browser timer is (re-)armed once, at the
  // task's end (a microtask), however many sooner deadlines the task brought.
  let wanted = Infinity;

  function arm(due: number): void {
    if (due >= armedFor || due >= wanted) return;
    if (wanted === Infinity) queueMicrotask(armNow);
    wanted = due;
  }

  function armNow(): void {
    const due = wanted;
    wanted = Infinity;
    if (due >= armedFor) return;
    if (armed !== undefined) clearTimeout(armed);
    armedFor = due;
    armed = setTimeout(fire, Math.max(0, due - now()));
  }

  function fire(): void {
    armed = undefined;
    armedFor = Infinity;
    const at = now();
    const due: Entry[] = [];
    let next = Infinity;
    for (const [id, entry] of entries) {
      if (entry.due <= at) {
        entries.delete(id);
        due.push(entry);
      } else if (entry.due < next) next = entry.due;
    }
    if (next !== Infinity) arm(next);
    // In deadline order; a callback that throws does not stop the others (as separate timers).
    due.sort((a, b) => a.due - b.due);
    for (const { callback } of due) {
      try {
        callback();
      } catch (error) {
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }

  return {
    setTimeout(callback, delay) {
      // A missing or negative delay is 0, as for the browser's own timers.
      const id = nextId++;
      const due = now() + Math.max(0, delay ?? 0);
      entries.set(id, { due, callback });
      arm(due);
      return id;
    },
    // A cleared timeout leaves the browser timer armed: when it fires it finds nothing due and
    // arms for the next deadline. Cheaper than re-arming at every clear, which Query does often.
    clearTimeout(id) {
      if (id !== undefined) entries.delete(id);
    },
    setInterval: (callback, delay) => setInterval(callback, delay) as unknown as number,
    clearInterval: (id) => clearInterval(id),
    pending: () => entries.size,
  };
}
