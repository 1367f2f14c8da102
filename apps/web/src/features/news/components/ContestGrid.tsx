import { lazy, Suspense } from 'react';
import type { Contest } from '@munegu/shared';
import { ContestCard } from './ContestCard';

// The editors' menu (form, dialog, zod, mutations) is fetched on first render, and only for
// an editor: a visitor's first load carries the cards alone.
const ContestActions = lazy(() =>
  import('./ContestEditor').then((m) => ({ default: m.ContestActions })),
);

/** The running contests as the home carousel and /actualites show them. */
export function ContestGrid({
  contests,
  editor,
  className,
}: {
  contests: Contest[];
  /** The signed-in member may edit and delete contests. */
  editor: boolean;
  className?: string;
}) {
  return (
    <div className={className}>
      {contests.map((contest) => (
        <ContestCard
          key={contest.id}
          contest={contest}
          actions={
            editor && (
              <Suspense fallback={null}>
                <ContestActions contest={contest} />
              </Suspense>
            )
          }
        />
      ))}
    </div>
  );
}
