import { Link } from 'react-router-dom';
import { SITE } from '../../config/site';
import { Logo } from '../../components/ui/Logo';
import { SocialLinks } from '../../components/ui/SocialLinks';

export function Footer() {
  return (
    <footer className="footer on-dark">
      <div className="footer__inner">
        <div className="footer__brand">
          <Logo size={40} />
          <div>
            <strong>{SITE.productName}</strong>
            <p>La communauté des supporters de l’AS Monaco.</p>
          </div>
        </div>
        <nav aria-label="Liens du pied de page">
          <ul className="footer__links">
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
        <SocialLinks className="footer__social" />
      </div>
      <p className="footer__copy">
        © {new Date().getFullYear()} {SITE.productName} · Association de supporters indépendante du
        club
      </p>
    </footer>
  );
}
