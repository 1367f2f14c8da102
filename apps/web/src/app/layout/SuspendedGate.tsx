import { useEffect, useSyncExternalStore } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { clearSuspension, getSuspension, onSuspension } from '../../lib/suspension';

export const SUSPENDED_PATH = '/compte-suspendu';

/**
 * The pages, unless this tab's session just ended on a suspension or a ban (lib/suspension.ts):
 * then /compte-suspendu says why, whatever page was open. Above the pages, so none of them
 * gets to send the now signed-out member to /404 first. Once the page has been shown, going
 * anywhere else forgets the notice (the member may sign in again once lifted, or write to the
 * association).
 */
export function SuspendedGate() {
  const notice = useSyncExternalStore(onSuspension, getSuspension, () => null);
  const { pathname } = useLocation();
  const away = pathname !== SUSPENDED_PATH;
  useEffect(() => {
    if (notice?.seen && away) clearSuspension();
  }, [notice, away]);
  if (notice && !notice.seen && away) return <Navigate to={SUSPENDED_PATH} replace />;
  return <Outlet />;
}
