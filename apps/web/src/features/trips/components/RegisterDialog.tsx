import { useState, type FormEvent } from 'react';
import { TEXTS, TRIP_TEXTS, type Trip } from '@munegu/shared';
import { Dialog, FormDialogFooter } from '../../../components/ui/Dialog';
import { cx } from '../../../lib/cx';
import { FormError } from '../../../components/ui/FormField';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api';
import { phoneErrorOf, useRegisterTrip } from '../mutations';
import { departureTime, registrationMessage, waitingHint, waitsIfRegistering } from '../labels';
import { PhoneField } from './PhoneField';
import { SeatPicker } from './SeatPicker';
import styles from './trips.module.css';

type Props = { trip: Trip; open: boolean; onClose: () => void };

/**
 * The second of the two taps: the seats (1 by default) and, if the member wants the organisers
 * to reach them on the day, a phone; 'Confirmer' registers, 'Rejoindre la liste d’attente' when
 * the coach is full or the seats chosen exceed those left. The server decides confirmed or
 * waiting; its refusals (closed, already on a coach or in a car…) show here as it words them.
 */
export function RegisterDialog({ trip, open, onClose }: Props) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={TRIP_TEXTS.cardTitle(trip.antenne.nom)}
      description={`Départ le ${departureTime(trip.depart_heure)}, ${trip.depart_lieu}`}
      closeButton
      freshContent
    >
      <RegisterForm trip={trip} onDone={onClose} />
    </Dialog>
  );
}

function RegisterForm({ trip, onDone }: { trip: Trip; onDone: () => void }) {
  const [seats, setSeats] = useState(1);
  const [phone, setPhone] = useState('');
  const [failure, setFailure] = useState<{ phone?: string; form?: string }>({});
  const register = useRegisterTrip();
  // Said before the tap, as the server will decide it (the answer's toast confirms it).
  const waits = waitsIfRegistering(trip, seats);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure({});
    register.mutate(
      { trip, body: { nb_places: seats, telephone: phone.trim() || null } },
      {
        onSuccess: (result) => {
          toast.success(registrationMessage(trip, result));
          onDone();
        },
        onError: (error) => {
          const phoneError = phoneErrorOf(error);
          setFailure(
            phoneError ? { phone: phoneError } : { form: errorMessage(error, TEXTS.generic.error) },
          );
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <p className={styles['register__label']} aria-hidden="true">
        Nombre de places (toi et jusqu’à 3 accompagnants)
      </p>
      <SeatPicker value={seats} onChange={setSeats} disabled={register.isPending} />
      <p className={cx('field__hint', styles['register__hint'])} aria-live="polite">
        {waitingHint(trip, seats)}
      </p>
      <PhoneField value={phone} onChange={setPhone} error={failure.phone} />
      <FormError message={failure.form} />
      <FormDialogFooter
        disabled={register.isPending}
        label={waits ? TRIP_TEXTS.joinWaitingList : 'Confirmer'}
      />
    </form>
  );
}
