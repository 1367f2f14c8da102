import { toast } from '../../../components/ui/toast';
import {
  PUSH_KIND_LABELS,
  PUSH_KINDS,
  PUSH_MESSAGES,
  type PushKind,
  type PushPreferences,
} from '@munegu/shared';
import { errorMessage } from '../../../lib/api';
import { cx } from '../../../lib/cx';
import { pushAvailability, PushError } from '../../../lib/push';
import {
  useDeviceSubscribed,
  usePushPreferences,
  usePushPublicKey,
  useSavePushPreferences,
  useToggleDevice,
} from '../push';
import styles from '../pages/SettingsPage.module.css';
import own from './PushSettings.module.css';

const HINTS: Record<PushKind, string> = {
  messages: 'Quand un membre t’écrit.',
  carpool: 'Demandes, réponses et changements d’horaire de tes covoiturages.',
  predictions: 'La veille d’un match que tu n’as pas encore pronostiqué.',
};

/** Shown (disabled) while the member's choices load, so the page does not jump. */
const ALL_ON: PushPreferences = { messages: true, carpool: true, predictions: true };

const FAILED = 'Erreur lors de la mise à jour des notifications';
const failure = (err: unknown) =>
  err instanceof PushError ? err.message : errorMessage(err, FAILED);

/** Why this device cannot receive notifications, or null when it can. */
function deviceProblem(publicKey: string | null | undefined): string | null {
  if (publicKey === null) return PUSH_MESSAGES.disabled;
  const availability = pushAvailability();
  if (availability === 'unsupported')
    return 'Ce navigateur ne reçoit pas les notifications. Sur iPhone, ajoute d’abord Munegu à l’écran d’accueil.';
  if (availability === 'denied')
    return 'Les notifications sont bloquées pour ce site : autorise-les dans les réglages de ton navigateur.';
  return null;
}

function Switch(props: {
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  hint: string;
}) {
  return (
    <label className={styles['switch']}>
      <input
        type="checkbox"
        role="switch"
        checked={props.checked}
        disabled={props.disabled}
        onChange={(e) => props.onChange(e.target.checked)}
      />
      <span className={styles['switch__track']} aria-hidden="true" />
      <span>
        <strong>{props.label}</strong>
        <br />
        <small>{props.hint}</small>
      </span>
    </label>
  );
}

/**
 * One switch per kind, saved as soon as it moves (no second "Enregistrer" on the page: the
 * e-mail form above has one); a failed save puts the switch back.
 */
function Kinds({ saved }: { saved: PushPreferences | undefined }) {
  const save = useSavePushPreferences();
  const shown = (save.isPending && save.variables ? save.variables : saved) ?? ALL_ON;
  return (
    <>
      {PUSH_KINDS.map((kind) => (
        <Switch
          key={kind}
          checked={shown[kind]}
          disabled={!saved || save.isPending}
          onChange={(on) =>
            save.mutate(
              { ...shown, [kind]: on },
              {
                onSuccess: () => toast.success(PUSH_MESSAGES.preferencesUpdated),
                onError: (err) => toast.error(failure(err)),
              },
            )
          }
          label={PUSH_KIND_LABELS[kind]}
          hint={HINTS[kind]}
        />
      ))}
    </>
  );
}

/** Settings page: notifications on this phone or computer, and which ones. */
export function PushSettings() {
  const key = usePushPublicKey();
  const prefs = usePushPreferences();
  const publicKey = key.data?.publicKey;
  const device = useDeviceSubscribed(publicKey);
  const toggle = useToggleDevice();
  const problem = key.isSuccess ? deviceProblem(publicKey) : null;

  const onDevice = (on: boolean) =>
    toggle.mutate(on && publicKey ? { publicKey } : false, {
      onSuccess: () => toast.success(on ? PUSH_MESSAGES.subscribed : PUSH_MESSAGES.unsubscribed),
      onError: (err) => toast.error(failure(err)),
    });

  return (
    <section className={cx('card', styles['settings__section'])} aria-labelledby="settings-push">
      <h2 id="settings-push">Notifications sur cet appareil</h2>
      {problem ? (
        <p className={cx('field__hint', own['push__device'])}>{problem}</p>
      ) : (
        <Switch
          checked={device.data === true}
          disabled={!key.isSuccess || !device.isSuccess || toggle.isPending}
          onChange={onDevice}
          label="Recevoir les notifications ici"
          hint="Même quand l’application est fermée, sur le chemin du stade."
        />
      )}
      {/* Drawn while loading (disabled) so what follows does not move; gone when push is off. */}
      {publicKey !== null && <Kinds saved={publicKey ? prefs.data : undefined} />}
    </section>
  );
}
