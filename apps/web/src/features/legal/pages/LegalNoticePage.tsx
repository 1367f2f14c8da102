import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { SITE } from '../../../config/site';
import { useSiteInfo } from '../../../lib/site';
import legalStyles from '../legal.module.css';
import { cx } from '../../../lib/cx';

/** Lines of an address block, only those filled in; nothing when none is. */
function Lines({ lines }: { lines: (ReactNode | null)[] }) {
  const filled = lines.filter((line) => line !== null);
  if (filled.length === 0) return null;
  return (
    <address>
      {filled.map((line, i) => (
        <Fragment key={i}>
          {i > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </address>
  );
}

/**
 * Mentions légales (spec section 2): the association and the host as the operator set them
 * (GET /site); what is not set yet is left out, never shown as a placeholder.
 */
export default function LegalNoticePage() {
  const { data: site } = useSiteInfo();
  const association = site?.association;
  const hosting = site?.hosting;
  const hasHost = Boolean(hosting?.name || hosting?.address || hosting?.url);
  return (
    <article className={cx('page', 'page--narrow', legalStyles['legal'])}>
      <h1 className="page__title">Mentions légales</h1>
      <div className="card">
        <h2>Éditeur du site</h2>
        <p>
          Le site {SITE.productName} est édité par{' '}
          {association?.name ? (
            <>
              <strong>{association.name}</strong>, association
            </>
          ) : (
            'une association'
          )}{' '}
          de supporters régie par la loi, indépendante du club AS Monaco.
        </p>
        <Lines
          lines={[
            association?.address ? `Siège : ${association.address}` : null,
            association?.registration ?? null,
            association?.contact_email ? (
              <>
                Contact :{' '}
                <a href={`mailto:${association.contact_email}`}>{association.contact_email}</a>
              </>
            ) : null,
          ]}
        />
        {association?.publication_director && (
          <p>Directeur ou directrice de la publication : {association.publication_director}.</p>
        )}

        <h2>Hébergement</h2>
        {hasHost ? (
          <Lines
            lines={[
              hosting?.name ?? null,
              hosting?.address ?? null,
              hosting?.url ? (
                <a href={hosting.url} target="_blank" rel="noopener noreferrer">
                  {hosting.url}
                </a>
              ) : null,
            ]}
          />
        ) : (
          <p>
            Les coordonnées de l’hébergeur te sont communiquées sur demande via le{' '}
            <Link to="/contact">formulaire de contact</Link>.
          </p>
        )}

        <h2>Propriété intellectuelle</h2>
        <p>
          Les textes, la charte graphique et le code du site appartiennent à l’association. Les
          noms, logos et écussons des clubs restent la propriété de leurs détenteurs respectifs et
          ne sont utilisés qu’à des fins d’information. Les contenus publiés par les membres
          (descriptions, messages) restent sous leur responsabilité.
        </p>

        <h2>Responsabilité</h2>
        <p>
          Les informations sur les matchs (dates, horaires, classement) sont fournies à titre
          indicatif. Les covoiturages sont organisés entre membres, sous leur seule responsabilité ;
          l’association ne fait que mettre les supporters en relation.
        </p>

        <h2>Données personnelles</h2>
        <p>
          Le traitement de tes données est décrit dans la page{' '}
          <Link to="/traitement-donnees">Traitement des données</Link>. Pour toute question, utilise
          le <Link to="/contact">formulaire de contact</Link>.
        </p>
      </div>
    </article>
  );
}
