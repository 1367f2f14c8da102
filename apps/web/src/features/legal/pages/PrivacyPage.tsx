import { Link } from 'react-router-dom';
import { SITE } from '../../../config/site';
import legalStyles from '../legal.module.css';
import { cx } from '../../../lib/cx';

export default function PrivacyPage() {
  const { association } = SITE;
  return (
    <article className={cx('page', 'page--narrow', legalStyles['legal'])}>
      <h1 className="page__title">Traitement des données</h1>
      <div className="card">
        <p>
          {association.name} (« l’association ») est responsable du traitement des données
          personnelles collectées sur {SITE.productName}. Cette page explique quelles données nous
          utilisons, pourquoi et combien de temps.
        </p>

        <h2>Données collectées</h2>
        <ul>
          <li>
            À l’inscription : prénom, nom, pseudo, adresse e-mail, date de naissance, département,
            antennes de supporters choisies et préférences d’e-mails.
          </li>
          <li>
            Pendant l’utilisation : présence et moyen de transport déclarés pour un match,
            covoiturages et notes, pronostics, messages privés, signalements, photo de profil et
            description facultatives.
          </li>
          <li>Formulaire de contact : prénom, nom, adresse e-mail, objet et message.</li>
        </ul>

        <h2>Finalités</h2>
        <p>
          Ces données servent uniquement à faire fonctionner le service : gérer votre compte,
          organiser les déplacements et covoiturages entre supporters, calculer le classement du jeu
          de pronostics, permettre la messagerie entre membres, assurer la modération et répondre à
          vos demandes. Les e-mails d’information et promotionnels ne sont envoyés que si vous les
          avez acceptés ; vous pouvez les désactiver à tout moment dans les paramètres ou via le
          lien présent dans chaque e-mail.
        </p>

        <h2>Durée de conservation</h2>
        <p>
          Vos données sont conservées tant que votre compte est actif. Un compte inactif depuis un
          an est supprimé automatiquement. La suppression du compte, à votre demande ou pour
          inactivité, anonymise vos données : votre pseudo est remplacé, vos informations
          personnelles sont effacées et seuls des éléments anonymes (par exemple des scores de
          pronostics) peuvent subsister.
        </p>

        <h2>Cookies</h2>
        <p>
          {SITE.productName} n’utilise que des cookies de session, indispensables pour vous garder
          connecté(e) de façon sécurisée. Aucun cookie publicitaire ni de mesure d’audience n’est
          déposé.
        </p>

        <h2>Destinataires</h2>
        <p>
          Vos données ne sont ni vendues ni cédées. Seuls les membres du bureau de l’association et
          l’hébergeur (pour le stockage) y ont accès. Votre pseudo, votre avatar, votre note de
          covoiturage et votre profil public sont visibles des autres membres.
        </p>

        <h2>Vos droits</h2>
        <p>
          Vous pouvez accéder à vos données, les rectifier, les supprimer (depuis les paramètres de
          votre compte), vous opposer à leur traitement ou demander leur portabilité en écrivant à{' '}
          <a href={`mailto:${association.contactEmail}`}>{association.contactEmail}</a> ou via le{' '}
          <Link to="/contact">formulaire de contact</Link>. Vous pouvez aussi saisir l’autorité de
          protection des données compétente.
        </p>
      </div>
    </article>
  );
}
