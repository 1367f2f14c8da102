import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from '../../../components/ui/toast';
import { LoadingOverlay } from '../../../components/ui/LoadingOverlay';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { ResultPopup } from '../../../components/ui/ResultPopup';
import { Email } from '../../../components/ui/Email';
import { errorMessage } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { downloadJson, usePersonalData, type PersonalData } from '../api';
import { useExportData, useRequestDelete, useUpdateNotifications } from '../mutations';
import { HoldToDeleteButton } from '../components/HoldToDeleteButton';
import { DepartementDialog, PseudoDialog, type Outcome } from '../components/FieldDialogs';
import { EmailDialog } from '../components/EmailDialog';
import { PasswordDialog } from '../components/PasswordDialog';
import { PushSettings } from '../components/PushSettings';
import styles from './SettingsPage.module.css';
import { Switch } from '../components/Switch';
import { cx } from '../../../lib/cx';
import { Button } from '../../../components/ui/Button';
import { SubmitButton } from '../../../components/ui/SubmitButton';

/** 'YYYY-MM-DD' (or an ISO instant) → 'DD/MM/YYYY', without any time-zone shift. */
export function formatBirthDate(value: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  return match ? `${match[3]}/${match[2]}/${match[1]}` : (value ?? '');
}

/** 'FR-06' + 'Alpes-Maritimes' → '06 - Alpes-Maritimes'. */
export function formatDepartement(code: string | null | undefined, name?: string | null): string {
  if (!code) return '';
  const bare = code.replace(/^FR-/i, '');
  return name ? `${bare} - ${name}` : bare;
}

type Modal = 'username' | 'email' | 'departement' | 'password' | null;

function NotificationsForm({ data }: { data: PersonalData }) {
  const [appli, setAppli] = useState(data.notif_mail_appli);
  const [promo, setPromo] = useState(data.notif_mail_promo);
  // New saved values (this save, or another tab's) reset the switches. Not by remounting the
  // form under a new key: its title, which takes the focus after a save, would go with it.
  const [shown, setShown] = useState(data);
  if (
    shown.notif_mail_appli !== data.notif_mail_appli ||
    shown.notif_mail_promo !== data.notif_mail_promo
  ) {
    setShown(data);
    setAppli(data.notif_mail_appli);
    setPromo(data.notif_mail_promo);
  }
  const update = useUpdateNotifications();
  const saving = update.isPending;
  const changed = appli !== data.notif_mail_appli || promo !== data.notif_mail_promo;

  const title = useRef<HTMLHeadingElement>(null);
  // Once the saved values are shown, « Enregistrer » stays disabled until the next change,
  // and the browser has dropped its focus to the page's body: it goes to this section's title
  // rather than the page's start.
  const [justSaved, setJustSaved] = useState(false);
  useEffect(() => {
    if (!justSaved || changed) return;
    setJustSaved(false);
    const now = document.activeElement;
    if (!now || now === document.body || (now as HTMLButtonElement).disabled)
      title.current?.focus();
  }, [justSaved, changed]);
  const save = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { notif_mail_appli: appli, notif_mail_promo: promo },
      {
        onSuccess: () => {
          toast.success('Préférences de notifications mises à jour.');
          setJustSaved(true);
        },
        onError: () => toast.error('Erreur lors de la mise à jour des notifications'),
      },
    );
  };

  return (
    <form
      className={cx('card', styles['settings__section'])}
      aria-labelledby="settings-notif"
      onSubmit={save}
    >
      <h2 id="settings-notif" ref={title} tabIndex={-1}>
        Notifications par e-mail
      </h2>
      <Switch
        label="Applications"
        hint="Rappels de pronostics, informations sur tes covoiturages…"
        checked={appli}
        onChange={setAppli}
      />
      <Switch
        label="Promos"
        hint="Concours, offres des partenaires…"
        checked={promo}
        onChange={setPromo}
      />
      <SubmitButton variant="primary" disabled={!changed || saving}>
        Enregistrer
      </SubmitButton>
    </form>
  );
}

export default function SettingsPage() {
  const personal = usePersonalData();
  const { reloadUser, logout } = useAuth();
  const [modal, setModal] = useState<Modal>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const deletion = useRequestDelete();
  const exportMutation = useExportData();
  const exporting = exportMutation.isPending;
  const [result, setResult] = useState<{ status: 'success' | 'error'; message: string } | null>(
    null,
  );

  if (personal.isPending) return <LoadingOverlay fullScreen />;

  const requestDelete = () => {
    setConfirmDelete(false);
    deletion.mutate(undefined, {
      onSuccess: () =>
        setResult({
          status: 'success',
          message: 'Un lien de confirmation vous a été envoyé par mail.',
        }),
      onError: (error) =>
        setResult({
          status: 'error',
          message: errorMessage(error, 'Erreur lors de la suppression du compte'),
        }),
    });
  };

  const exportData = () =>
    exportMutation.mutate(undefined, {
      onSuccess: (data) => downloadJson(data, 'munegu-mes-donnees.json'),
      onError: () => toast.error('Erreur réseau ou serveur. Veuillez réessayer.'),
    });

  /** A field changed (its mutation refreshed the page's data): reload the navbar's pseudo. */
  const fieldDone = (outcome: Outcome) => {
    setModal(null);
    if (outcome.ok) toast.success(outcome.message);
    else toast.error(outcome.message);
    void reloadUser();
  };

  const data = personal.data;
  const fields: [string, ReactNode, Modal][] = data
    ? [
        ['Pseudo', data.username, 'username'],
        ['Nom', data.nom, null],
        ['Prénom', data.prenom, null],
        ['Date de naissance', formatBirthDate(data.date_naissance), null],
        ['Email', data.email && <Email address={data.email} />, 'email'],
        ['Département', formatDepartement(data.departement, data.departement_nom), 'departement'],
      ]
    : [];

  return (
    <div className={cx('page', 'page--narrow', styles['settings'])}>
      <h1 className="page__title">Paramètres</h1>
      <section className={cx('card', styles['settings__section'])} aria-labelledby="settings-info">
        <h2 id="settings-info">Informations personnelles</h2>
        {personal.isError || !data ? (
          <p className="error-text">Une erreur est survenue.</p>
        ) : (
          <dl className={styles['settings__fields']}>
            {fields.map(([label, value, edit]) => (
              <div key={label} className={styles['settings__field']}>
                <dt>{label}</dt>
                <dd>
                  <span>{value || '—'}</span>
                  {edit && (
                    <button
                      type="button"
                      className="link-button"
                      aria-label={`Modifier : ${label}`}
                      onClick={() => setModal(edit)}
                    >
                      Modifier
                    </button>
                  )}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </section>

      {data && <NotificationsForm data={data} />}

      <PushSettings />

      <section
        className={cx('card', styles['settings__section'])}
        aria-labelledby="settings-security"
      >
        <h2 id="settings-security">Sécurité</h2>
        <p className="field__hint">
          Changer ton mot de passe déconnecte tes sessions sur les autres appareils.
        </p>
        <Button variant="outline" onClick={() => setModal('password')}>
          Changer mon mot de passe
        </Button>
        <h3 className={styles['settings__danger-title']}>Mes données</h3>
        <Button variant="outline" disabled={exporting} onClick={exportData}>
          Télécharger mes données
        </Button>
        <h3 className={styles['settings__danger-title']}>Supprimer mon compte</h3>
        <p id="hold-hint" className="field__hint">
          Maintiens le bouton enfoncé pour demander la suppression. Un lien de confirmation te sera
          envoyé par e-mail ; tes données seront alors anonymisées.
        </p>
        <HoldToDeleteButton onHeld={() => setConfirmDelete(true)} />
      </section>

      {data && (
        <>
          <PseudoDialog
            open={modal === 'username'}
            current={data.username}
            onClose={() => setModal(null)}
            onDone={fieldDone}
          />
          <DepartementDialog
            open={modal === 'departement'}
            current={data.departement}
            onClose={() => setModal(null)}
            onDone={fieldDone}
          />
          <EmailDialog
            open={modal === 'email'}
            current={data.email}
            onClose={() => setModal(null)}
            onChanged={(message) => {
              setModal(null);
              toast.success(message);
              // The new address must be confirmed from the mail: the server ended the session.
              void logout({ sessionEnded: true });
            }}
          />
        </>
      )}
      <PasswordDialog
        open={modal === 'password'}
        onClose={() => setModal(null)}
        onDone={(message) => {
          setModal(null);
          toast.success(message);
        }}
      />

      <ConfirmDialog
        open={confirmDelete}
        title="Supprimer mon compte"
        message="Es-tu sûr de vouloir supprimer ton compte ? Cette action est définitive après confirmation par e-mail."
        confirmLabel="Supprimer"
        danger
        onConfirm={requestDelete}
        onCancel={() => setConfirmDelete(false)}
      />
      <ResultPopup
        open={result !== null}
        status={result?.status ?? 'success'}
        message={result?.message ?? ''}
        onClose={() => setResult(null)}
      />
    </div>
  );
}
