import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useAuth } from '../../lib/auth';
import { useLoadedAfterFirstPage } from '../../lib/boot';
import { Logo } from '../../components/ui/Logo';
import { CloseIcon, MenuIcon } from '../../components/ui/icons';
import { SITE } from '../../config/site';
import styles from './Navbar.module.css';
import { cx } from '../../lib/cx';

// Its own chunk: a visitor's first load does without the socket, bell and menu it brings, and a
// member's waits until the first page has painted (lib/boot/afterFirstPage).
const loadMemberActions = () => import('./MemberActions').then((m) => m.default);

const LINKS = [
  { to: '/', label: 'Accueil', end: true },
  { to: '/actualites', label: 'Actualités', end: false },
  { to: '/jeu_prono', label: 'Pronos', end: false },
  { to: '/contact', label: 'Contact', end: false },
] as const;

export function Navbar() {
  const { status, user } = useAuth();
  const MemberActions = useLoadedAfterFirstPage(loadMemberActions, status === 'authenticated');
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const burgerRef = useRef<HTMLButtonElement>(null);
  const navId = useId();

  // The mobile menu closes on navigation...
  useEffect(() => setOpen(false), [pathname]);

  // ...and on Escape, giving focus back to the burger.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        burgerRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <header className={cx(styles['navbar'], 'on-dark')}>
      <div className={styles['navbar__inner']}>
        <Link
          to="/"
          className={styles['navbar__brand']}
          aria-label={`${SITE.productName} – accueil`}
        >
          <Logo />
          <span className={styles['navbar__name']}>{SITE.productName}</span>
        </Link>

        <nav
          id={navId}
          aria-label="Navigation principale"
          className={`${styles['navbar__nav']}${open ? ` ${styles['is-open']}` : ''}`}
        >
          <ul>
            {LINKS.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.end}
                  className={styles['navbar__link']}
                  onClick={() => setOpen(false)}
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className={styles['navbar__actions']}>
          {status === 'authenticated' && user ? (
            MemberActions && <MemberActions user={user} />
          ) : status === 'anonymous' ? (
            <Link to="/login" className="btn btn--light btn--small navbar__login">
              Se connecter
            </Link>
          ) : null}
          <button
            ref={burgerRef}
            type="button"
            className={cx('icon-btn', styles['navbar__burger'])}
            aria-expanded={open}
            aria-controls={navId}
            aria-label={open ? 'Fermer le menu' : 'Ouvrir le menu'}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? <CloseIcon /> : <MenuIcon />}
          </button>
        </div>
      </div>
    </header>
  );
}
