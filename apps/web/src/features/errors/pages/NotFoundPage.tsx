import { Link } from 'react-router-dom';
import { TEXTS } from '@munegu/shared';
import styles from './NotFoundPage.module.css';
import { cx } from '../../../lib/cx';

export default function NotFoundPage() {
  return (
    <section className={cx('page', 'page--narrow', styles['not-found'])}>
      <p className={styles['not-found__code']} aria-hidden="true">
        404
      </p>
      <h1>{TEXTS.generic.notFound}</h1>
      <p>La page demandée n’existe pas ou n’est plus disponible.</p>
      <Link to="/" className="btn btn--primary">
        Retour à l’accueil
      </Link>
    </section>
  );
}
