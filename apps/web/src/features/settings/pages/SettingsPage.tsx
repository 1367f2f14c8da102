import { useState } from 'react';
import { toast } from 'sonner';
import { useQueryClient } from '@tanstack/react-query';
import { LoadingOverlay } from '../../../components/ui/LoadingOverlay';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { ResultPopup } from '../../../components/ui/ResultPopup';
import { ABORTED, errorMessage } from '../../../lib/api';
import { formatDate } from '../../../lib/dates';
import { departementLabel, useDepartements } from '../../reference/api';
import { settingsApi, settingsKeys, usePersonalData, type PersonalData } from '../api';
import { HoldToDeleteButton } from '../components/HoldToDeleteButton';
import './SettingsPage.css';

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
    } catch (error) {
      toast.error(errorMessage(error, 'Erreur lors de la mise à jour des notifications'));
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
  const departements = useDepartements();
  const [confirmDelete, setConfirmDelete] = useState(false);
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

  const data = personal.data;
  const fields: [string, string][] = data
    ? [
        ['Pseudo', data.username],
        ['Nom', data.nom],
        ['Prénom', data.prenom],
        ['Date de naissance', data.date_naissance ? formatDate(data.date_naissance) : ''],
        ['Email', data.email],
        ['Département', departementLabel(data.departement, departements.data)],
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
            {fields.map(([label, value]) => (
              <div key={label} className="settings__field">
                <dt>{label}</dt>
                <dd>{value || '—'}</dd>
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
        <h3 className="settings__danger-title">Supprimer mon compte</h3>
        <p id="hold-hint" className="field__hint">
          Maintiens le bouton enfoncé pour demander la suppression. Un lien de confirmation te sera
          envoyé par e-mail ; tes données seront alors anonymisées.
        </p>
        <HoldToDeleteButton onHeld={() => setConfirmDelete(true)} />
      </section>

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
