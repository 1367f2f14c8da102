import { usePartner } from '../../administration';
import styles from './PartnerBanner.module.css';
import { cx } from '../../../lib/cx';

/**
 * The partner's -10% code on club items (spec section 2). The code and link come from the
 * administrators' settings (GET /site/partner); until they are set, no banner.
 */
export function PartnerBanner() {
  const { data } = usePartner();
  if (!data?.code || !data.url) return null;
  const partner = { code: data.code, url: data.url };
  return (
    <aside className={cx(styles['partner'], 'near-view')} aria-label="Offre partenaire">
      <p className={styles['partner__badge']} aria-hidden="true">
        -10%
      </p>
      <p className={styles['partner__text']}>
        -10 % sur les articles du club chez notre partenaire avec le code{' '}
        <strong className={styles['partner__code']}>{partner.code}</strong>
      </p>
      <a
        className="btn btn--light btn--small"
        href={partner.url}
        target="_blank"
        rel="noopener noreferrer"
      >
        Voir la boutique partenaire
      </a>
    </aside>
  );
}
