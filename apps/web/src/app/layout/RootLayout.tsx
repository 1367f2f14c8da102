import { Outlet, ScrollRestoration, matchPath, useLocation } from 'react-router-dom';
import { AuthProvider } from '../../lib/auth';
import { OfflineBanner } from '../../components/ui/OfflineBanner';
import { UpdatePrompt } from '../../components/ui/UpdatePrompt';
import { Navbar } from './Navbar';
import { Footer } from './Footer';
import { usePageTitle } from './pageTitle';
import styles from './RootLayout.module.css';

/** Routes without a footer (spec section 2): the login page and the messaging screens. */
const NO_FOOTER = ['/login', '/messages', '/messages/:username'];

export function showsFooter(pathname: string): boolean {
  return !NO_FOOTER.some((pattern) => matchPath({ path: pattern, end: true }, pathname));
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
