import { Suspense, useState, type ReactNode } from 'react';

/**
 * Mounts `children` (typically a React.lazy dialog) from the first time `when` is true, and
 * keeps them mounted afterwards so the dialog closes as it always did. Until then its code is
 * not even downloaded: a page's first load carries only what it shows.
 */
export function Deferred({ when, children }: { when: boolean; children: ReactNode }) {
  const [needed, setNeeded] = useState(when);
  if (when && !needed) setNeeded(true);
  return needed ? <Suspense fallback={null}>{children}</Suspense> : null;
}
