import { Link } from 'react-router-dom';
import { SITE } from '../../../config/site';
import { useSiteInfo } from '../../../lib/site';
import legalStyles from '../legal.module.css';
import { cx } from '../../../lib/cx';

/**
 * Traitement des données (spec section 2): the association's name and contact address as the
 * operator set them (GET /site); without them, a neutral wording and the contact form.
 */
export default function PrivacyPage() {
  const { data: site } = useSiteInfo();
  const name = site?.association.name;
  const email = site?.association.contact_email;
  return (
    <article className={cx('page', 'page--narrow', legalStyles['legal'])}>
      <h1 className="page__title">Traitement des données</h1>
      <div className="card">
        <p>
          {name ?? `L’association qui édite ${SITE.productName}`} {'(«\u00a0l’association\u00a0»)'}{' '}
          est responsable du traitement des données personnelles collectées sur {SITE.productName}.
          Cette page explique quelles données nous utilisons, pourquoi et combien de temps.
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
          Ces données servent uniquement à faire fonctionner le service : gérer ton compte,
          organiser les déplacements et covoiturages entre supporters, calculer le classement du jeu
          de pronostics, permettre la messagerie entre membres, assurer la modération et répondre à
          tes demandes. Les e-mails d’information et promotionnels ne sont envoyés que si tu les as
          acceptés ; tu peux les désactiver à tout moment dans les paramètres ou via le lien présent
          dans chaque e-mail.
        </p>

        <h2>Durée de conservation</h2>
        <p>
          Tes données sont conservées tant que ton compte est actif. Un compte inactif depuis un an
          est supprimé automatiquement. La suppression du compte, à ta demande ou pour inactivité,
          anonymise tes données : ton pseudo est remplacé, tes informations personnelles sont
          effacées et seuls des éléments anonymes (par exemple des scores de pronostics) peuvent
          subsister.
        </p>

        <h2>Cookies</h2>
        <p>
          {SITE.productName} n’utilise que des cookies de session, indispensables pour te garder
          connecté(e) de façon sécurisée. Aucun cookie publicitaire ni de mesure d’audience n’est
          déposé.
        </p>

        <h2>Destinataires</h2>
        <p>
          Tes données ne sont ni vendues ni cédées. Seuls les membres du bureau de l’association et
          l’hébergeur (pour le stockage) y ont accès. Ton pseudo, ton avatar, ta note de covoiturage
          et ton profil public sont visibles des autres membres.
        </p>

        <h2>Tes droits</h2>
        <p>
          Tu peux accéder à tes données, les rectifier, les supprimer (depuis les paramètres de ton
          compte), t’opposer à leur traitement ou demander leur portabilité{' '}
          {email ? (
            <>
              en écrivant à <a href={`mailto:${email}`}>{email}</a> ou via le{' '}
            </>
          ) : (
            'via le '
          )}
          <Link to="/contact">formulaire de contact</Link>. Tu peux aussi saisir l’autorité de
          protection des données compétente.
        </p>
      </div>
    </article>
  );
}
