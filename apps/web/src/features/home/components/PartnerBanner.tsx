import { SITE } from '../../../config/site';
import { usePartner } from '../../administration';
import styles from './PartnerBanner.module.css';
import { cx } from '../../../lib/cx';

/**
 * The partner's -10% code on club items (spec section 2). The code and link come from the
 * administrators' settings (GET /site/partner); until they are set, the site's default text.
 */
export function PartnerBanner() {
  const { data } = usePartner();
  const partner =
    data?.code && data.url
      ? { ...SITE.partner, name: 'Voir la boutique partenaire', code: data.code, url: data.url }
      : SITE.partner;
  return (
    <aside className={cx(styles['partner'], 'near-view')} aria-label="Offre partenaire">
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
