import { useState } from 'react';
import { toast } from 'sonner';
import { useQueryClient } from '@tanstack/react-query';
import { LoadingOverlay } from '../../../components/ui/LoadingOverlay';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { ResultPopup } from '../../../components/ui/ResultPopup';
import { ABORTED, errorMessage } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import {
  downloadJson,
  settingsApi,
  settingsKeys,
  usePersonalData,
  type PersonalData,
} from '../api';
import { HoldToDeleteButton } from '../components/HoldToDeleteButton';
import { DepartementDialog, PseudoDialog, type Outcome } from '../components/FieldDialogs';
import { EmailDialog } from '../components/EmailDialog';
import { PasswordDialog } from '../components/PasswordDialog';
import './SettingsPage.css';

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
  const queryClient = useQueryClient();
  const [appli, setAppli] = useState(data.notif_mail_appli);
  const [promo, setPromo] = useState(data.notif_mail_promo);
  const [saving, setSaving] = useState(false);
  const changed = appli !== data.notif_mail_appli || promo !== data.notif_mail_promo;

  const save = async () => {
    setSaving(true);
    try {
      if (
        (await settingsApi.updateNotifications({
          notif_mail_appli: appli,
          notif_mail_promo: promo,
        })) === ABORTED
      )
        return;
      toast.success('Préférences de notifications mises à jour.');
      await queryClient.invalidateQueries({ queryKey: settingsKeys.personal() });
    } catch {
      toast.error('Erreur lors de la mise à jour des notifications');
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="card settings__section" aria-labelledby="settings-notif">
      <h2 id="settings-notif">Notifications par e-mail</h2>
      <label className="switch">
        <input
          type="checkbox"
          role="switch"
          checked={appli}
          onChange={(e) => setAppli(e.target.checked)}
        />
        <span className="switch__track" aria-hidden="true" />
        <span>
          <strong>Applications</strong>
          <br />
          <small>Rappels de pronostics, informations sur tes covoiturages…</small>
        </span>
      </label>
      <label className="switch">
        <input
          type="checkbox"
          role="switch"
          checked={promo}
          onChange={(e) => setPromo(e.target.checked)}
        />
        <span className="switch__track" aria-hidden="true" />
        <span>
          <strong>Promos</strong>
          <br />
          <small>Concours, offres des partenaires…</small>
        </span>
      </label>
      <button
        type="button"
        className="btn btn--primary"
        disabled={!changed || saving}
        onClick={save}
      >
        Enregistrer
      </button>
    </section>
  );
}

export default function SettingsPage() {
  const personal = usePersonalData();
  const queryClient = useQueryClient();
  const { reloadUser, logout } = useAuth();
  const [modal, setModal] = useState<Modal>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [result, setResult] = useState<{ status: 'success' | 'error'; message: string } | null>(
    null,
  );

  if (personal.isPending) return <LoadingOverlay fullScreen />;

  const requestDelete = async () => {
    setConfirmDelete(false);
    try {
      if ((await settingsApi.requestDelete()) === ABORTED) return;
      setResult({
        status: 'success',
        message: 'Un lien de confirmation vous a été envoyé par mail.',
      });
    } catch (error) {
      setResult({
        status: 'error',
        message: errorMessage(error, 'Erreur lors de la suppression du compte'),
      });
    }
  };

  const exportData = async () => {
    setExporting(true);
    try {
      const data = await settingsApi.exportData();
      if (data === ABORTED) return;
      downloadJson(data, 'munegu-mes-donnees.json');
    } catch {
      toast.error('Erreur réseau ou serveur. Veuillez réessayer.');
    } finally {
      setExporting(false);
    }
  };

  /** A field changed: refresh the page's data and the navbar (the pseudo shows there). */
  const fieldDone = (outcome: Outcome) => {
    setModal(null);
    if (outcome.ok) toast.success(outcome.message);
    else toast.error(outcome.message);
    void queryClient.invalidateQueries({ queryKey: settingsKeys.personal() });
    void reloadUser();
  };

  const data = personal.data;
  const fields: [string, string, Modal][] = data
    ? [
        ['Pseudo', data.username, 'username'],
        ['Nom', data.nom, null],
        ['Prénom', data.prenom, null],
        ['Date de naissance', formatBirthDate(data.date_naissance), null],
        ['Email', data.email, 'email'],
        ['Département', formatDepartement(data.departement, data.departement_nom), 'departement'],
      ]
    : [];

  return (
    <div className="page page--narrow settings">
      <h1 className="page__title">Paramètres</h1>
      <section className="card settings__section" aria-labelledby="settings-info">
        <h2 id="settings-info">Informations personnelles</h2>
        {personal.isError || !data ? (
          <p className="error-text">Une erreur est survenue.</p>
        ) : (
          <dl className="settings__fields">
            {fields.map(([label, value, edit]) => (
              <div key={label} className="settings__field">
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

      {data && (
        <NotificationsForm key={`${data.notif_mail_appli}-${data.notif_mail_promo}`} data={data} />
      )}

      <section className="card settings__section" aria-labelledby="settings-security">
        <h2 id="settings-security">Sécurité</h2>
        <p className="field__hint">
          Changer ton mot de passe déconnecte tes sessions sur les autres appareils.
        </p>
        <button type="button" className="btn btn--outline" onClick={() => setModal('password')}>
          Changer mon mot de passe
        </button>
        <h3 className="settings__danger-title">Mes données</h3>
        <button
          type="button"
          className="btn btn--outline"
          disabled={exporting}
          onClick={() => void exportData()}
        >
          Télécharger mes données
        </button>
        <h3 className="settings__danger-title">Supprimer mon compte</h3>
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
              // The new address must be confirmed from the mail: the session ends here.
              void logout();
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
        onConfirm={() => void requestDelete()}
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
