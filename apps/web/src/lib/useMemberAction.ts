import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuth } from './auth';

/**
 * A button only members may use (spec section 2: visitors go to /login). While the stored
 * session is still being checked (GET /users/me), the click is kept and handled once the answer
 * is known: a member whose page painted before that answer (the home page's data is prefetched
 * alongside its code) is not sent to /login and bounced back home, losing what they opened.
 */
export function useMemberAction(): (run: () => void) => void {
  const { status } = useAuth();
  const navigate = useNavigate();
  const [pending, setPending] = useState<{ run: () => void } | null>(null);

  useEffect(() => {
    if (!pending || status === 'loading') return;
    setPending(null);
    if (status === 'authenticated') pending.run();
    else void navigate('/login');
  }, [pending, status, navigate]);

  return useCallback(
    (run: () => void) => {
      if (status === 'loading') setPending({ run });
      else if (status === 'authenticated') run();
      else void navigate('/login');
    },
    [status, navigate],
  );
}
