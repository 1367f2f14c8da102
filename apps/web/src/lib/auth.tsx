import {
  startTransition,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { LIMITS } from '@munegu/shared';
import { ABORTED, refreshAccessToken } from './api';
import { disablePush, dropPushHere } from './push';
import { call } from './call';
import { expectSessionEnd } from './sessionEnd';
import { clearSuspension } from './suspension';
import { getToken, isExpiringWithin, onTokenChange, setToken } from './token';

/** GET /users/me (spec section 3, user profile): the fields the shell relies on. */
export type CurrentUser = {
  id: number;
  username: string;
  profile_picture?: string | null;
  role?: { libelle: string } | null;
  /** The antennas whose coach trips this member organises (issue 30); absent: none. */
  antennes_organisees?: { id: number; nom: string }[];
  /** The member's own silence in force (moderation): they read, but cannot write to others. */
  silence?: { until: string; reason: string | null } | null;
  [key: string]: unknown;
};

export type AuthStatus = 'loading' | 'authenticated' | 'anonymous';

export type AuthContextValue = {
  status: AuthStatus;
  user: CurrentUser | null;
  isAuthenticated: boolean;
  /** Stores a token just obtained (login) and loads the user. */
  signIn: (accessToken: string) => Promise<void>;
  /**
   * POST /auth/logout, forget the token, back to '/'. `sessionEnded`: the server has already
   * ended the session (an e-mail change), so nothing is asked of it.
   */
  logout: (options?: { sessionEnded?: boolean }) => Promise<void>;
  /** Reloads GET /users/me (after a profile change). */
  reloadUser: () => Promise<void>;
  /** Forgets the session here only (the account is gone): no request, no redirect. */
  signOutLocally: () => void;
};

const AuthContext = createContext<AuthContextValue | null>(null);

type SessionEndListener = (queryClient: QueryClient) => void;
const sessionEndListeners = new Set<SessionEndListener>();

/**
 * What a feature holds in memory for the member and must drop whenever their session ends in
 * this tab, however it ends (the chat outboxes). The feature registers itself when its code
 * loads, so the first load of the page carries none of it.
 */
export function onSessionEnd(listener: SessionEndListener): () => void {
  sessionEndListeners.add(listener);
  return () => sessionEndListeners.delete(listener);
}

/**
 * Spec section 4, Authentication. Lives inside the router (it redirects on logout). While the
 * auth endpoints are missing or failing, every path ends in 'anonymous'.
 */
export function AuthProvider({
  children,
  onSignOut,
}: {
  children: ReactNode;
  /**
   * What this device must forget when the member signs out here (logout, account gone): the
   * features' own copies in localStorage, which the next member of the browser must not read.
   * Not when the server ends the session (expired, ended elsewhere): an organiser's boarding
   * ticks not yet sent are among those copies, and signing in again sends them; forgetting
   * them would lose the roll call of someone who never chose to leave.
   */
  onSignOut?: () => void;
}) {
  const [status, setStatus] = useState<AuthStatus>('loading');
  const [user, setUser] = useState<CurrentUser | null>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mounted = useRef(true);
  /** Start-up could not renew the session (the server did not answer): not a refusal. */
  const unanswered = useRef(false);

  const loadUser = useCallback(async () => {
    try {
      const me = await call('GET /users/me');
      if (me === ABORTED || !mounted.current) return;
      startTransition(() => {
        setUser(me ?? null);
        setStatus(me ? 'authenticated' : 'anonymous');
      });
    } catch {
      // A failed profile load sets the user to null (spec section 7).
      if (!mounted.current) return;
      setUser(null);
      setStatus('anonymous');
    }
  }, []);

  // Start-up: use the stored token unless it expires within 60 s, otherwise try a refresh.
  // Without a stored token this browser never signed in (sign-out and a refresh the server
  // refused clear both token and session cookie): a visitor, not asked to refresh, which could
  // only answer 401, an error in the console of every visitor's first page. A refresh the
  // server did not answer (a restart) keeps the token: the page starts signed out, and the
  // member is loaded as soon as a later renewal gets through (the token listener below).
  useEffect(() => {
    mounted.current = true;
    void (async () => {
      let token = getToken();
      if (token && isExpiringWithin(token, LIMITS.tokenRefreshMarginAuthMs)) {
        token = await refreshAccessToken();
        unanswered.current = !token && getToken() !== null;
      }
      if (!mounted.current) return;
      if (!token) {
        setStatus('anonymous');
        return;
      }
      await loadUser();
    })();
    return () => {
      mounted.current = false;
    };
  }, [loadUser]);

  /**
   * Every end of the session in this tab comes here, however it ends: the token going is the
   * one sign of it (logout and a deleted account clear it, and so does the API client when the
   * server refuses a refresh). Nothing of the member is left for whoever uses the page next:
   * the cached answers go (their keys do not name the member: the next one would see this
   * one's bell, badge and conversations until read again; reset rather than removed, so what
   * the page shows reads again as a visitor instead of waiting on an answer thrown away), and
   * so does what the features hold in memory (onSessionEnd: the chat outboxes).
   */
  const forgetMember = useCallback(() => {
    unanswered.current = false;
    setUser(null);
    setStatus('anonymous');
    queryClient.getMutationCache().clear();
    void queryClient.resetQueries();
    for (const listener of sessionEndListeners) listener(queryClient);
  }, [queryClient]);

  // Whether no member is shown: a token written by another tab then means a sign-in there.
  const signedOut = useRef(true);
  signedOut.current = status === 'anonymous';

  useEffect(
    () =>
      onTokenChange((token, { fromAnotherTab }) => {
        if (!token) forgetMember();
        else if (unanswered.current || (fromAnotherTab && signedOut.current)) {
          // The server answers again and the session lived on, or a member signed in in another
          // tab of this browser (their session cookie is this tab's too): the member, at last.
          unanswered.current = false;
          void loadUser();
        }
      }),
    [forgetMember, loadUser],
  );

  // Every 30 s, renew a token that is about to expire.
  useEffect(() => {
    const id = window.setInterval(() => {
      const token = getToken();
      if (token && isExpiringWithin(token, LIMITS.tokenRefreshMarginAuthMs))
        void refreshAccessToken();
    }, LIMITS.refreshCheckIntervalMs);
    return () => window.clearInterval(id);
  }, []);

  const signIn = useCallback(
    async (accessToken: string) => {
      // Signed in again (the sanction was lifted): its notice is over.
      clearSuspension();
      unanswered.current = false;
      setToken(accessToken);
      await loadUser();
      // Queries fetched as a visitor (profiles, bell, unread badge) now answer differently.
      void queryClient.invalidateQueries();
    },
    [loadUser, queryClient],
  );

  // The member leaves here (logout, account gone): the session ends (forgetMember, through the
  // token) and the device's own copies go too.
  const signOutLocally = useCallback(() => {
    setToken(null);
    onSignOut?.();
  }, [onSignOut]);

  // Logout clears the session only once '/' is the rendered page: cleared earlier, the guard
  // of a signed-in-only page (/parametres) would see the anonymous state first and send the
  // visitor to /404 (the router renders navigations in a transition).
  const { pathname } = useLocation();
  const [leaving, setLeaving] = useState(false);
  useEffect(() => {
    if (!leaving || pathname !== '/') return;
    setLeaving(false);
    signOutLocally();
  }, [leaving, pathname, signOutLocally]);

  const logout = useCallback(
    async ({ sessionEnded = false }: { sessionEnded?: boolean } = {}) => {
      // The server cuts this login's socket on logout: not a session ended elsewhere, whose
      // handling (refresh, sign out where we stand) would beat the navigation to '/'.
      expectSessionEnd();
      if (sessionEnded) {
        // Any request now would meet the ended session (401, a failed refresh, signed out where
        // we stand: /404 on a signed-in-only page): go home first, ask the server nothing.
        setLeaving(true);
        void navigate('/');
        await dropPushHere().catch(() => {});
        return;
      }
      // This device's notifications stop with the login (the next member here must not get them).
      await disablePush().catch(() => {});
      try {
        await call('POST /auth/logout');
      } catch {
        // Signing out locally is what matters; the server session expires on its own.
      }
      setLeaving(true);
      void navigate('/');
    },
    [navigate],
  );

  const value = useMemo<AuthContextValue>(
    () => ({
      status,
      user,
      isAuthenticated: user !== null,
      signIn,
      logout,
      reloadUser: loadUser,
      signOutLocally,
    }),
    [status, user, signIn, logout, loadUser, signOutLocally],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
