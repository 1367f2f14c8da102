import { useEffect } from 'react';
import { ScrollRestoration, matchPath, useLocation, type Location } from 'react-router-dom';
import { AuthProvider } from '../../lib/auth';
import { forgetOrganiserData } from '../../features/trips';
import { markFirstPageRendered } from '../../lib/boot';
import { OfflineBanner } from '../../components/ui/OfflineBanner';
import { UpdatePrompt } from '../../components/ui/UpdatePrompt';
import { Navbar } from './Navbar';
import { SuspendedGate } from './SuspendedGate';
import { Footer } from './Footer';
import { usePageTitle } from './pageTitle';
import { useFocusOnNavigation } from './useFocusOnNavigation';
import styles from './RootLayout.module.css';

/**
 * Routes without a footer (spec section 2): the login page and the messaging screens, every
 * one of them (conversations, group threads, a deleted member's thread).
 */
const NO_FOOTER = ['/login', '/messages/*'];

export function showsFooter(pathname: string): boolean {
  return !NO_FOOTER.some((pattern) => matchPath({ path: pattern, end: true }, pathname));
}

/**
 * Where a page's scroll position is kept (sessionStorage). A page opened by a full load (typed
 * address, link from a mail or a notification, reload) has the history key 'default', whatever
 * its path: keyed by that alone, the home page's position was applied to the next page opened
 * that way in the tab. Such entries are keyed by their path (a reload still restores).
 */
function scrollKey(location: Location): string {
  return location.key === 'default' ? `default:${location.pathname}` : location.key;
}

export function RootLayout() {
  const { pathname } = useLocation();
  usePageTitle();
  useFocusOnNavigation('contenu');
  // The router renders this layout once the first page's code and reads are there, with the
  // page: from now on, what waits for the first page to paint may go (lib/boot/afterFirstPage).
  useEffect(markFirstPageRendered, []);
  return (
    <AuthProvider onSignOut={forgetOrganiserData}>
      <a className="skip-link" href="#contenu">
        Aller au contenu
      </a>
      <div className={styles['app-shell']}>
        <Navbar />
        <OfflineBanner />
        <main id="contenu" className={styles['app-main']} tabIndex={-1}>
          <SuspendedGate />
        </main>
        {showsFooter(pathname) && <Footer />}
      </div>
      <UpdatePrompt />
      <ScrollRestoration getKey={scrollKey} />
    </AuthProvider>
  );
}
