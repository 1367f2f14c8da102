import { Link } from 'react-router-dom';
import { SocialLinks, useSocialLinks } from '../../../components/ui/SocialLinks';
import { useAuth } from '../../../lib/auth';
import { SITE } from '../../../config/site';
import styles from './WelcomePanel.module.css';
import { cx } from '../../../lib/cx';

export function WelcomePanel() {
  const { isAuthenticated, user } = useAuth();
  const follow = useSocialLinks().length > 0;
  return (
    <section className={cx(styles['welcome'], 'card', 'on-dark')} aria-labelledby="welcome-title">
      <h2 id="welcome-title">
        {isAuthenticated && user
          ? `Bienvenue, ${user.username}\u00a0!`
          : `Bienvenue sur ${SITE.productName}\u00a0!`}
      </h2>
      <p>
        L’espace des supporters de l’AS Monaco : dis-nous comment tu vas au stade, trouve ou propose
        un covoiturage, joue aux pronos et échange avec les autres membres.
      </p>
      {!isAuthenticated && (
        <p>
          <Link to="/login" className="btn btn--light btn--small">
            Rejoindre la communauté
          </Link>
        </p>
      )}
      {follow && (
        <>
          <p className={styles['welcome__follow']}>Suis-nous :</p>
          <SocialLinks />
        </>
      )}
    </section>
  );
}
