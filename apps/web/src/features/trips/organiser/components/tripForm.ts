import { z } from 'zod';
import { tripInputSchema, type OrganizedTrip, type TripInput } from '@munegu/shared';
import { parisInputToIso, toParisInput } from '../../../../lib/dates';

/**
 * The trip form's values as the inputs hold them (text; times in Paris wall-clock time as a
 * datetime-local input gives them) and the way to the wire body, checked by the shared
 * tripInputSchema itself: its messages land under the field of the same name.
 */
export type TripFormValues = {
  match_id: string;
  antenne_id: string;
  depart_lieu: string;
  depart_heure: string;
  retour_heure: string;
  places_total: string;
  prix: string;
  date_limite: string;
  notes: string;
  /** Registrations closed by hand. */
  clos: boolean;
};

const optionalInstant = (v: string) => (v ? parisInputToIso(v) : null);

/** '' is "not given"; a French decimal comma is read like a point. */
const euros = (v: string) => (v.trim() ? Number(v.trim().replace(',', '.')) : null);

export const tripFormSchema = z
  .object({
    match_id: z.string(),
    antenne_id: z.string(),
    depart_lieu: z.string(),
    depart_heure: z.string(),
    retour_heure: z.string(),
    places_total: z.string(),
    prix: z.string(),
    date_limite: z.string(),
    notes: z.string(),
    clos: z.boolean(),
  })
  .transform((v): z.input<typeof tripInputSchema> => ({
    // '— Choisir —' is '' and so 0: the schema then asks to choose one.
    match_id: Number(v.match_id),
    antenne_id: Number(v.antenne_id),
    depart_lieu: v.depart_lieu,
    depart_heure: parisInputToIso(v.depart_heure),
    retour_heure: optionalInstant(v.retour_heure),
    places_total: v.places_total.trim() ? Number(v.places_total) : Number.NaN,
    prix: euros(v.prix),
    date_limite: optionalInstant(v.date_limite),
    notes: v.notes.trim() ? v.notes : null,
    clos: v.clos,
  }))
  .pipe(tripInputSchema);

/** A fare as the organiser typed it: '25', '12,50' (the French comma, both decimals). */
const fareInput = (prix: number | null) =>
  prix === null ? '' : Number.isInteger(prix) ? String(prix) : prix.toFixed(2).replace('.', ',');

/** The form filled from a trip (Modifier), or empty with the only antenna chosen (Nouveau). */
export function tripFormValues(trip: OrganizedTrip | null, antennaIds: number[]): TripFormValues {
  const local = (iso: string | null) => (iso ? toParisInput(iso) : '');
  return {
    match_id: trip ? String(trip.match_id) : '',
    antenne_id: trip
      ? String(trip.antenne.id)
      : antennaIds.length === 1
        ? String(antennaIds[0])
        : '',
    depart_lieu: trip?.depart_lieu ?? '',
    depart_heure: local(trip?.depart_heure ?? null),
    retour_heure: local(trip?.retour_heure ?? null),
    places_total: trip ? String(trip.places_total) : '',
    prix: fareInput(trip?.prix ?? null),
    date_limite: local(trip?.date_limite ?? null),
    notes: trip?.notes ?? '',
    clos: trip?.clos ?? false,
  };
}

export type { TripInput };
