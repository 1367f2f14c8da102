import { useState, type InputHTMLAttributes } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  frenchCount,
  TRIP_LIMITS,
  TRIP_TEXTS,
  type Match,
  type OrganizedTrip,
  type TripInput,
} from '@munegu/shared';
import { Dialog, FormDialogFooter, useUnsavedInput } from '../../../../components/ui/Dialog';
import {
  FormError,
  FormField,
  TextField,
  fieldsOf,
  invalidProps,
} from '../../../../components/ui/FormField';
import { errorMessage, isApiError } from '../../../../lib/api';
import { formatDate, formatTime, matchKickoff } from '../../../../lib/dates';
import { useNextMatches } from '../../../matches';
import { useSaveTrip } from '../api';
import { tripFormSchema, tripFormValues, type TripFormValues } from './tripForm';

type Props = {
  /** The trip to change, or null for 'Nouveau déplacement'. */
  trip: OrganizedTrip | null;
  antennas: { id: number; nom: string }[];
  onClose: () => void;
};

/** Create or change a trip; the times are typed in Paris time and sent as instants. */
export function TripFormDialog({ trip, antennas, onClose }: Props) {
  return (
    <Dialog
      open
      onClose={onClose}
      wide
      closeButton
      title={trip ? 'Modifier le déplacement' : 'Nouveau déplacement'}
      description="Les heures sont celles de Paris."
      descriptionClassName="field__hint"
    >
      <MatchesFirst trip={trip} antennas={antennas} onDone={onClose} />
    </Dialog>
  );
}

type FormProps = Omit<Props, 'onClose'> & { onDone: () => void };

/**
 * The form opens once the matches are there: a select whose chosen option arrives later shows
 * '— Choisir —' while the form still holds the trip's match.
 */
function MatchesFirst(props: FormProps) {
  const next = useNextMatches();
  if (next.isPending) return <p className="empty-state">Chargement…</p>;
  return <TripForm {...props} matches={matchOptions(next.data ?? [])} />;
}

function TripForm({ trip, antennas, onDone, matches }: FormProps & { matches: Option[] }) {
  const save = useSaveTrip();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<TripFormValues, unknown, TripInput>({
    resolver: zodResolver(tripFormSchema),
    defaultValues: tripFormValues(
      trip,
      antennas.map((a) => a.id),
    ),
  });
  const field = fieldsOf(register, errors);
  useUnsavedInput(isDirty);
  const notes = watch('notes');
  // Editing a trip with registrants: a new departure or return is told to each of them.
  const [departure, place, back] = watch(['depart_heure', 'depart_lieu', 'retour_heure']);
  const registered = trip ? trip.places_confirmees + trip.nb_attente > 0 : false;
  const saved = trip ? tripFormValues(trip, []) : null;
  const tellsRegistrants =
    registered &&
    saved !== null &&
    (departure !== saved.depart_heure ||
      place.trim() !== saved.depart_lieu ||
      back !== saved.retour_heure);

  const onSubmit = async (body: TripInput) => {
    setFailure(null);
    try {
      await save.mutateAsync({ id: trip?.id ?? null, body });
      onDone();
    } catch (error) {
      // The server's field errors under their fields; anything else above the buttons.
      const fields = isApiError(error) ? error.errors : [];
      for (const e of fields) setError(e.path as Path<TripFormValues>, { message: e.message });
      if (!fields.length) setFailure(errorMessage(error, 'Une erreur est survenue. Réessaie.'));
    }
  };

  const text = (
    name: 'depart_lieu' | 'depart_heure' | 'retour_heure' | 'places_total' | 'prix' | 'date_limite',
    label: string,
    input: InputHTMLAttributes<HTMLInputElement> = {},
  ) => <TextField id={`trip-${name}`} label={label} {...input} {...field(name)} />;

  /**
   * A trip keeps its match and antenna (the API answers 'introuvable' to any other): editing
   * shows them fixed, outside the form's inputs, and the form sends the trip's own values.
   */
  const fixed = (name: 'match_id' | 'antenne_id', label: string, value: Option) => {
    const error = errors[name]?.message;
    return (
      <FormField
        id={`trip-${name}`}
        label={label}
        error={error}
        hint={TRIP_TEXTS.fixedAfterCreation}
      >
        <select {...invalidProps(`trip-${name}`, error, true)} className="input" disabled>
          <option value={value.id}>{value.label}</option>
        </select>
      </FormField>
    );
  };

  const select = (name: 'match_id' | 'antenne_id', label: string, options: Option[]) => {
    const { error, registration } = field(name);
    return (
      <FormField id={`trip-${name}`} label={label} error={error}>
        <select {...invalidProps(`trip-${name}`, error)} className="input" {...registration}>
          <option value="">— Choisir —</option>
          {options.map((o) => (
            <option key={o.id} value={o.id}>
              {o.label}
            </option>
          ))}
        </select>
      </FormField>
    );
  };

  return (
    // The server's refusal was about what was sent: editing any field takes it away.
    <form onSubmit={handleSubmit(onSubmit)} onChange={() => setFailure(null)} noValidate>
      {trip ? (
        <>
          {fixed('match_id', 'Match', tripMatch(matches, trip))}
          {fixed('antenne_id', 'Antenne', { id: trip.antenne.id, label: trip.antenne.nom })}
        </>
      ) : (
        <>
          {select('match_id', 'Match', matches)}
          {select(
            'antenne_id',
            'Antenne',
            antennas.map((a) => ({ id: a.id, label: a.nom })),
          )}
        </>
      )}
      {text('depart_lieu', 'Lieu de départ')}
      <div className="field-row">
        {text('depart_heure', 'Départ (date et heure)', { type: 'datetime-local' })}
        {text('retour_heure', 'Retour (facultatif)', { type: 'datetime-local' })}
      </div>
      {tellsRegistrants && (
        <p className="field__hint" role="status">
          {TRIP_TEXTS.scheduleTold}
        </p>
      )}
      <div className="field-row">
        {text('places_total', 'Places', {
          type: 'number',
          inputMode: 'numeric',
          min: 1,
          max: TRIP_LIMITS.seatsMax,
        })}
        {text('prix', 'Prix en euros (facultatif)', { inputMode: 'decimal' })}
      </div>
      {text('date_limite', 'Date limite d’inscription (facultatif)', { type: 'datetime-local' })}
      <FormField
        id="trip-notes"
        label="Notes (facultatif)"
        error={errors.notes?.message}
        hint={`${frenchCount(notes.length)} / ${frenchCount(TRIP_LIMITS.notesMax)} caractères`}
      >
        <textarea
          {...invalidProps('trip-notes', errors.notes?.message, true)}
          className="input"
          rows={3}
          {...register('notes')}
        />
      </FormField>
      <label className="checkbox">
        <input type="checkbox" {...register('clos')} />
        Inscriptions closes (la liste est définitive ; la liste d’attente avance toujours)
      </label>
      <FormError message={failure} />
      <FormDialogFooter
        disabled={isSubmitting}
        label={isSubmitting ? 'Enregistrement…' : 'Enregistrer'}
      />
    </form>
  );
}

type Option = { id: number; label: string };

/** The trip's own match: as the matches to come name it (with its time), else from the trip. */
function tripMatch(options: Option[], trip: OrganizedTrip): Option {
  return (
    options.find((o) => o.id === trip.match_id) ?? {
      id: trip.match_id,
      label: `${trip.match.domicile} – ${trip.match.exterieur}, ${formatDate(trip.match.date)}`,
    }
  );
}

/** The matches to come, those a new trip may go to. */
function matchOptions(data: Match[]): Option[] {
  return data
    .filter((m) => !m.is_finish && m.edit_pronostic)
    .map((m) => {
      const kickoff = matchKickoff(m.date, m.heure);
      return {
        id: m.id,
        label: `${m.club_dom.nom} – ${m.club_ext.nom}, ${formatDate(kickoff)} ${formatTime(kickoff)}`,
      };
    });
}
