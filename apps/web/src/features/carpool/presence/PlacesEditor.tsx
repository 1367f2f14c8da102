import { useState } from 'react';
import { toast } from '../../../components/ui/toast';
import { CARPOOL_TEXTS, LIMITS } from '@munegu/shared';
import { NumberStepper } from '../../../components/ui/NumberStepper';
import { errorMessage } from '../../../lib/api';
import { useUpdatePlaces } from '../mutations';
import styles from './PlacesEditor.module.css';
import { Button } from '../../../components/ui/Button';

type Props = {
  matchId: number;
  /** The driver's free seats as the server knows them. */ places: number;
};

/**
 * The driver's free seats for a match, 0 to 15 (spec section 5, places editor): 0 closes the
 * car to new passengers without cancelling anyone. Only the driver sees it.
 */
export function PlacesEditor({ matchId, places }: Props) {
  // The member's unsaved change, else what the server holds: an exclusion or a cancellation
  // that gives seats back shows here as soon as the carpool is read again.
  const [draft, setDraft] = useState<number | null>(null);
  const value = draft ?? places;
  const update = useUpdatePlaces();

  const save = () =>
    update.mutate(
      { match_id: matchId, places_dispo: value },
      {
        // The mutation reads the carpool again before this runs: `places` is the saved value.
        onSuccess: (data) => {
          setDraft(null);
          toast.success(data?.message || CARPOOL_TEXTS.placesSaved);
        },
        onError: (error) => toast.error(errorMessage(error, CARPOOL_TEXTS.operationFailed)),
      },
    );

  return (
    // The stepper names itself; the visible label is for sighted members only.
    <div className={styles['places-editor']}>
      <span className={styles['places-editor__label']} aria-hidden="true">
        Places disponibles
      </span>
      <NumberStepper
        value={value}
        onChange={setDraft}
        min={LIMITS.placesEditor.min}
        max={LIMITS.placesEditor.max}
        label="Places disponibles"
      />
      <Button
        variant="outline"
        small
        disabled={value === places || update.isPending}
        onClick={save}
      >
        {update.isPending ? 'Enregistrement…' : 'Enregistrer les places'}
      </Button>
    </div>
  );
}
