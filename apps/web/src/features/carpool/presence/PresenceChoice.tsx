import { useState } from 'react';
import { toast } from '../../../components/ui/toast';
import {
  busLabel,
  CARPOOL_TEXTS,
  MONACO_PLACE,
  plural,
  pluralWord,
  TRANSPORT_LABELS,
  transportLabelOfCode,
  type MatchInfo,
} from '@munegu/shared';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { DialogFooter } from '../../../components/ui/Dialog';
import { FormError } from '../../../components/ui/FormField';
import { errorMessage } from '../../../lib/api';
import { useDeletePresence } from '../mutations';
import { PlacesEditor } from './PlacesEditor';
import styles from './presence.module.css';
import { Button } from '../../../components/ui/Button';

type Props = {
  matchId: number;
  info: MatchInfo;
  onModify: () => void;
  /** The presence is gone: the dialog closes. */
  onDeleted: () => void;
};

/** The member already answered: modify the answers, or cancel the presence (spec section 4). */
export function PresenceChoice({ matchId, info, onModify, onDeleted }: Props) {
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const remove = useDeletePresence();
  const driver = isOfferingDriver(info);

  const cancelPresence = () =>
    remove.mutate(matchId, {
      onSuccess: (data) => {
        setConfirming(false);
        toast.success(data?.message || CARPOOL_TEXTS.presenceDeleted);
        onDeleted();
      },
      onError: (error) => {
        setConfirming(false);
        setFailure(errorMessage(error, CARPOOL_TEXTS.presenceDeleteFailed));
      },
    });

  return (
    <div>
      <p className={styles['presence__summary']}>Ta réponse : {describe(info)}</p>
      {driver && <PlacesEditor matchId={matchId} places={info.places_dispo ?? 0} />}
      <FormError message={failure} />
      <DialogFooter>
        <Button variant="ghost" onClick={() => setConfirming(true)}>
          Annuler ma présence
        </Button>
        <Button variant="primary" onClick={onModify}>
          Modifier
        </Button>
      </DialogFooter>
      <ConfirmDialog
        open={confirming}
        title="Annuler ma présence"
        message="Es-tu sûr de vouloir annuler ta présence à ce match ?"
        confirmLabel="Oui, annuler"
        cancelLabel="Non"
        danger
        busy={remove.isPending}
        onConfirm={cancelPresence}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}

/** A car offering carpooling: the member whose free seats the places editor changes. */
export function isOfferingDriver(info: MatchInfo): boolean {
  return info.type === 'transport' && info.transport === 'VOITURE' && info.covoiturage;
}

/** A transport label inside a sentence: 'en voiture', 'à pied'. */
const lower = (label: string) => label.charAt(0).toLowerCase() + label.slice(1);

/** One line of what the member answered, in the profile's transport wording. */
export function describe(info: MatchInfo): string {
  const from =
    info.departement_depart === MONACO_PLACE.code
      ? `départ de ${MONACO_PLACE.name}`
      : `départ du ${info.departement_depart}`;
  if (info.type === 'recherche')
    return `${lower(TRANSPORT_LABELS.RECHERCHE)} de covoiturage pour ${plural(info.nb_pers ?? 1, 'personne')}, ${from}`;
  const places = info.places_dispo ?? 0;
  switch (info.transport) {
    case 'VOITURE':
      return info.covoiturage
        ? `${lower(TRANSPORT_LABELS.VOITURE)}, ${plural(places, 'place')} ${pluralWord(places, 'proposée')}, ${from}`
        : `${lower(TRANSPORT_LABELS.VOITURE)}, ${from}`;
    case 'BUS':
      return `${lower(busLabel(info.antenne?.nom))}, ${from}`;
    case null:
      return `${lower(TRANSPORT_LABELS.RECHERCHE)}, ${from}`;
    default:
      return `${lower(transportLabelOfCode(info.transport))}, ${from}`;
  }
}
