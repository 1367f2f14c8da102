import { useEffect } from 'react';
import { Outlet, ScrollRestoration, matchPath, useLocation, useMatches } from 'react-router-dom';
import { AuthProvider } from '../../lib/auth';
import { OfflineBanner } from '../../components/ui/OfflineBanner';
import { UpdatePrompt } from '../../components/ui/UpdatePrompt';
import { Navbar } from './Navbar';
import { Footer } from './Footer';
import styles from './RootLayout.module.css';

/** Routes without a footer (spec section 2): the login page and the messaging screens. */
const NO_FOOTER = ['/login', '/messages', '/messages/:username'];

export function showsFooter(pathname: string): boolean {
  return !NO_FOOTER.some((pattern) => matchPath({ path: pattern, end: true }, pathname));
}

const SITE_TITLE = 'Munegu – Supporters de l’AS Monaco';

/** The deepest route's title, e.g. 'Actualités · Munegu'; the site's name on the home page. */
function usePageTitle(): void {
  const title = useMatches()
    .map((m) => (m.handle as { title?: string } | undefined)?.title)
    .filter(Boolean)
    .at(-1);
  useEffect(() => {
    document.title = title ? `${title} · Munegu` : SITE_TITLE;
  }, [title]);
}

export function RootLayout() {
  const { pathname } = useLocation();
  usePageTitle();
  return (
    <AuthProvider>
      <a className="skip-link" href="#contenu">
        Aller au contenu
      </a>
      <div className={styles['app-shell']}>
        <OfflineBanner />
        <Navbar />
        <main id="contenu" className={styles['app-main']} tabIndex={-1}>
          <Outlet />
        </main>
        {showsFooter(pathname) && <Footer />}
      </div>
      <UpdatePrompt />
      <ScrollRestoration />
    </AuthProvider>
  );
}
