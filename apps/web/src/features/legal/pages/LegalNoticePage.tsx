import { Link } from 'react-router-dom';
import { SITE } from '../../../config/site';
import legalStyles from '../legal.module.css';
import { cx } from '../../../lib/cx';

export default function LegalNoticePage() {
  const { association, host } = SITE;
  return (
    <article className={cx('page', 'page--narrow', legalStyles['legal'])}>
      <h1 className="page__title">Mentions légales</h1>
      <div className="card">
        <h2>Éditeur du site</h2>
        <p>
          Le site {SITE.productName} est édité par <strong>{association.name}</strong>, association
          de supporters régie par la loi, indépendante du club AS Monaco.
        </p>
        <address>
          Siège : {association.address}
          <br />
          {association.registration}
          <br />
          Contact : <a href={`mailto:${association.contactEmail}`}>{association.contactEmail}</a>
        </address>
        <p>Directeur ou directrice de la publication : {association.publicationDirector}.</p>

        <h2>Hébergement</h2>
        <address>
          {host.name}
          <br />
          {host.address}
          <br />
          <a href={host.website} target="_blank" rel="noopener noreferrer">
            {host.website}
          </a>
        </address>

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
          Le traitement de vos données est décrit dans la page{' '}
          <Link to="/traitement-donnees">Traitement des données</Link>. Pour toute question,
          utilisez le <Link to="/contact">formulaire de contact</Link>.
        </p>
      </div>
    </article>
  );
}
