import { useDeferredValue, type ReactNode } from 'react';

/**
 * Renders `children` in a commit of their own, just after the one that shows the rest of the
 * page (React's `useDeferredValue` with an initial value: first `false`, then `true` in a
 * background render). React renders a page in interruptible pieces but commits it in one
 * task; a page's part below the fold need not be in that first commit (on /jeu_prono, its
 * rankings: half of the page's elements). Nothing is fetched later: only the DOM is built later.
 * `placeholder` holds their place meanwhile, so that what follows (the footer) does not move.
 */
export function NextCommit({
  children,
  placeholder = null,
}: {
  children: ReactNode;
  placeholder?: ReactNode;
}) {
  const now = useDeferredValue(true, false);
  return now ? children : placeholder;
}
