import { useEffect, useState } from 'react';
import { nextTask } from './nextTask';

/**
 * False at a component's first render, then true, set in a task after its commit. What a part
 * starts when it appears (its query's first request, its socket listeners) then runs in that
 * task instead of lengthening the commit's: the member's navbar parts, mounted just after the
 * first page, each made a task of 18-26 ms here with their requests, counted on a phone.
 */
export function useAfterCommitTask(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void nextTask().then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  return ready;
}
