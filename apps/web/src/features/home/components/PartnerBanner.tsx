import { SITE } from '../../../config/site';

/** The partner's -10% code on club items (spec section 2). */
export function PartnerBanner() {
  const { partner } = SITE;
  return (
    <aside className="partner" aria-label="Offre partenaire">
      <p className="partner__badge" aria-hidden="true">
        -10%
      </p>
      <p className="partner__text">
        {partner.text} <strong className="partner__code">{partner.code}</strong>
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
