import { toast } from '../../../components/ui/toast';
import {
  PUSH_KIND_LABELS,
  PUSH_KINDS,
  PUSH_TEXTS,
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
import { Switch } from './Switch';
import own from './PushSettings.module.css';

const HINTS: Record<PushKind, string> = {
  messages: 'Quand un membre t’écrit.',
  carpool: 'Demandes, réponses et changements d’horaire de tes covoiturages.',
  predictions: 'La veille d’un match que tu n’as pas encore pronostiqué.',
};

/** What the switches show while this device receives nothing (or its state loads). */
const ALL_OFF: PushPreferences = { messages: false, carpool: false, predictions: false };

/** Under the kinds while this device is not subscribed: why they are off. */
export const KINDS_NEED_DEVICE =
  'Active d’abord «\u00a0Recevoir les notifications ici\u00a0» pour choisir lesquelles.';

const FAILED = 'Erreur lors de la mise à jour des notifications';
const failure = (err: unknown) =>
  err instanceof PushError ? err.message : errorMessage(err, FAILED);

/** Why this device cannot receive notifications, or null when it can. */
function deviceProblem(publicKey: string | null | undefined): string | null {
  if (publicKey === null) return PUSH_TEXTS.disabled;
  const availability = pushAvailability();
  if (availability === 'unsupported')
    return 'Ce navigateur ne reçoit pas les notifications. Sur iPhone, ajoute d’abord Munegu à l’écran d’accueil.';
  if (availability === 'denied')
    return 'Les notifications sont bloquées pour ce site : autorise-les dans les réglages de ton navigateur.';
  return null;
}

/**
 * One switch per kind, saved as soon as it moves (no second "Enregistrer" on the page: the
 * e-mail form above has one); a failed save puts the switch back. While this device is not
 * subscribed nothing arrives here, so every kind shows off and cannot be moved (the member's
 * saved choices come back once the device is on); drawn while loading so the page does not jump.
 */
function Kinds({ saved, subscribed }: { saved: PushPreferences | undefined; subscribed: boolean }) {
  const save = useSavePushPreferences();
  const choices = (save.isPending && save.variables ? save.variables : saved) ?? ALL_OFF;
  const shown = subscribed ? choices : ALL_OFF;
  return (
    <>
      {PUSH_KINDS.map((kind) => (
        <Switch
          key={kind}
          checked={shown[kind]}
          disabled={!subscribed || !saved || save.isPending}
          onChange={(on) =>
            save.mutate(
              { ...shown, [kind]: on },
              {
                onSuccess: () => toast.success(PUSH_TEXTS.preferencesUpdated),
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
  // The kinds follow what the device switch shows, even while it is being turned on or off.
  const subscribed = !problem && device.data === true && !toggle.isPending;

  const onDevice = (on: boolean) =>
    toggle.mutate(on && publicKey ? { publicKey } : false, {
      onSuccess: () => toast.success(on ? PUSH_TEXTS.subscribed : PUSH_TEXTS.unsubscribed),
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
      {!problem && device.isSuccess && !subscribed && (
        <p className={cx('field__hint', own['push__kinds-hint'])}>{KINDS_NEED_DEVICE}</p>
      )}
      {/* Drawn while loading (disabled) so what follows does not move; gone when push is off. */}
      {publicKey !== null && (
        <Kinds saved={publicKey ? prefs.data : undefined} subscribed={subscribed} />
      )}
    </section>
  );
}
