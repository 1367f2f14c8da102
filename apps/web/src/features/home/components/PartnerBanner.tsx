import { SITE } from '../../../config/site';
import styles from './PartnerBanner.module.css';

/** The partner's -10% code on club items (spec section 2). */
export function PartnerBanner() {
  const { partner } = SITE;
  return (
    <aside className={styles['partner']} aria-label="Offre partenaire">
      <p className={styles['partner__badge']} aria-hidden="true">
        -10%
      </p>
      <p className={styles['partner__text']}>
        {partner.text} <strong className={styles['partner__code']}>{partner.code}</strong>
      </p>
      <a
        className="btn btn--light btn--small"
        href={partner.url}
        target="_blank"
        rel="noopener noreferrer"
      >
        {partner.name}
      </a>
    </aside>
  );
}
