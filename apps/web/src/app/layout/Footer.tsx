import { Link } from 'react-router-dom';
import { SITE } from '../../config/site';
import { Logo } from '../../components/ui/Logo';
import { SocialLinks } from '../../components/ui/SocialLinks';
import styles from './Footer.module.css';
import { cx } from '../../lib/cx';
import { useFirstPageSettled } from '../../lib/boot';

export function Footer() {
  // The links are below the fold on every page: a page that did not read them already (home
  // and the legal pages do) asks once it has painted, so the read does not share a phone's
  // connections with the page's own (lib/boot).
  const settled = useFirstPageSettled();
  return (
    <footer className={cx(styles['footer'], 'on-dark', 'near-view')}>
      <div className={styles['footer__inner']}>
        <div className={styles['footer__brand']}>
          <Logo size={40} />
          <div>
            <strong>{SITE.productName}</strong>
            <p>La communauté des supporters de l’AS Monaco.</p>
          </div>
        </div>
        <nav aria-label="Liens du pied de page">
          <ul className={styles['footer__links']}>
            <li>
              <Link to="/contact">Contact</Link>
            </li>
            <li>
              <Link to="/mentions-legales">Mentions légales</Link>
            </li>
            <li>
              <Link to="/traitement-donnees">Traitement des données</Link>
            </li>
          </ul>
        </nav>
        <SocialLinks className="footer__social" ask={settled} />
      </div>
      <p className={styles['footer__copy']}>
        © {new Date().getFullYear()} {SITE.productName} · Association de supporters indépendante du
        club
      </p>
    </footer>
  );
}
