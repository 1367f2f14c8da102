import { useEffect, useRef, useState, type ReactNode } from 'react';
import { LIMITS, TEXTS, TRIP_TEXTS, transportLabelOf, type Trip } from '@munegu/shared';
import { DialogFooter } from '../../../components/ui/Dialog';
import { NumberStepper } from '../../../components/ui/NumberStepper';
import { useDepartments } from '../../reference';
import { useTransports } from '../api';
import {
  acceptsRegistrations,
  PhoneField,
  registrationLabel,
  SeatPicker,
  seatsLeftLabel,
  tripChoiceLabel,
  waitingHint,
  waitingLabel,
  waitsIfRegistering,
} from '../../trips';
import { useMemberDefaults } from './member';
import styles from './presence.module.css';
import { Button } from '../../../components/ui/Button';
import { cx } from '../../../lib/cx';

/** The presence form's steps, each one question; PresenceForm decides which comes next. */

export function Question({
  title,
  children,
  footer,
}: {
  title: string;
  children: ReactNode;
  footer: ReactNode;
}) {
  // Each step replaces the button just pressed: focus moves to the new question, read aloud.
  const ref = useRef<HTMLFieldSetElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <fieldset ref={ref} tabIndex={-1} className={styles['presence__step']}>
      <legend className={styles['presence__question']}>{title}</legend>
      {children}
      {footer && <DialogFooter>{footer}</DialogFooter>}
    </fieldset>
  );
}

export function Choice({
  pressed,
  disabled = false,
  wide = false,
  onClick,
  children,
}: {
  pressed: boolean;
  disabled?: boolean;
  /** A whole row of the grid, for a sentence rather than a word (a coach and its departure). */
  wide?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={cx(styles['presence__choice'], wide && styles['presence__choice--wide'])}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

export function DepartmentStep(props: {
  value: string;
  onChange: (code: string) => void;
  onNext: () => void;
}) {
  const { data: departments = [] } = useDepartments();
  const known = departments.some((d) => d.code === props.value);
  return (
    <div className={styles['presence__step']}>
      <div className="field">
        <label htmlFor="presence-departement" className={styles['presence__question']}>
          D’où pars-tu ?
        </label>
        <select
          id="presence-departement"
          className="input"
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
        >
          <option value="">Choisis ton département de départ</option>
          {/* The member's department shows even before the list arrives. */}
          {!known && props.value && <option value={props.value}>{props.value}</option>}
          {departments.map((d) => (
            <option key={d.code} value={d.code}>
              {d.code} – {d.name}
            </option>
          ))}
        </select>
      </div>
      <DialogFooter>
        <Button variant="primary" disabled={!props.value} onClick={props.onNext}>
          Suivant
        </Button>
      </DialogFooter>
    </div>
  );
}

export function TransportStep(props: {
  selected: number | null;
  busy: boolean;
  onChoose: (id: number) => void;
  footer: ReactNode;
}) {
  const transports = useTransports();
  return (
    <Question title="Comment vas-tu au stade ?" footer={props.footer}>
      {transports.isError && <p className="error-text">{TEXTS.generic.error}</p>}
      <div className={styles['presence__choices']}>
        {(transports.data ?? []).map((t) => (
          <Choice
            key={t.id}
            pressed={props.selected === t.id}
            disabled={props.busy}
            onClick={() => props.onChoose(t.id)}
          >
            <span className={styles['presence__label']}>{transportLabelOf(t.id, t.libelle)}</span>
          </Choice>
        ))}
      </div>
    </Question>
  );
}

/**
 * The coach an antenna runs for the match, as the bus step offers it (issue 30): the one the
 * member is registered on, else one taking registrations (seats left or its waiting list).
 */
function tripOf(trips: Trip[], antennaId: number): Trip | undefined {
  return (
    trips.find((t) => t.antenne.id === antennaId && t.inscription) ??
    trips.find((t) => t.antenne.id === antennaId && acceptsRegistrations(t))
  );
}

export function BusStep(props: {
  /** The bus answered last time (null = public), undefined for a first answer. */
  selected: number | null | undefined;
  busy: boolean;
  onChoose: (antenneId: number | null) => void;
  /** The match's coach trips (issue 30); an antenna with one offers it instead of its bus. */
  trips: Trip[];
  onChooseTrip: (trip: Trip) => void;
  footer: ReactNode;
}) {
  const { antennes } = useMemberDefaults();
  const registered = props.trips.filter((t) => t.inscription);
  return (
    <Question title="Quel bus prends-tu ?" footer={props.footer}>
      {/* A member already on a coach sees that registration rather than a choice. */}
      {registered.map((t) => (
        <p key={t.id} className={styles['presence__summary']} role="status">
          {tripChoiceLabel(t)} : {t.inscription && registrationLabel(t.inscription)}
        </p>
      ))}
      <div className={styles['presence__choices']}>
        <Choice
          pressed={props.selected === null}
          disabled={props.busy}
          onClick={() => props.onChoose(null)}
        >
          Bus public
        </Choice>
        {antennes.map((a) => {
          const trip = tripOf(props.trips, a.id);
          if (trip?.inscription) return null;
          return trip ? (
            <Choice
              key={a.id}
              pressed={false}
              disabled={props.busy}
              wide
              onClick={() => props.onChooseTrip(trip)}
            >
              {tripChoiceLabel(trip)} · <span className="field__hint">{tripSeatsLine(trip)}</span>
            </Choice>
          ) : (
            <Choice
              key={a.id}
              pressed={props.selected === a.id}
              disabled={props.busy}
              onClick={() => props.onChoose(a.id)}
            >
              Bus {a.nom}
            </Choice>
          );
        })}
      </div>
    </Question>
  );
}

/** The coach's seats as its card says them: 'Complet · 3 inscriptions en attente (7 places)'. */
function tripSeatsLine(trip: Trip): string {
  const waiting = waitingLabel(trip);
  return waiting ? `${seatsLeftLabel(trip)} · ${waiting}` : seatsLeftLabel(trip);
}

/**
 * Registering on a coach from the presence form: how many seats (the member and companions)
 * and, as on the coach card, a phone for the organisers if the member wants to give one.
 * Sending registers (POST /deplacements/{id}/inscriptions), which queues when someone already
 * waits or the group does not fit: the step says so before the tap, as the registration
 * dialog does, and its button names what happens.
 */
export function TripSeatsStep(props: {
  trip: Trip;
  busy: boolean;
  /** The server refused the phone: shown under it, the step kept. */
  phoneError: string | undefined;
  onSend: (seats: number, phone: string) => void;
  back: ReactNode;
}) {
  const [seats, setSeats] = useState(1);
  const [phone, setPhone] = useState('');
  const waits = waitsIfRegistering(props.trip, seats);
  return (
    <Question
      title={`${tripChoiceLabel(props.trip)} : combien de places ?`}
      footer={
        <>
          {props.back}
          <Button
            variant="primary"
            disabled={props.busy}
            onClick={() => props.onSend(seats, phone)}
          >
            {props.busy ? 'Envoi…' : waits ? TRIP_TEXTS.joinWaitingList : 'Valider'}
          </Button>
        </>
      }
    >
      <SeatPicker value={seats} onChange={setSeats} disabled={props.busy} />
      <p className={styles['presence__note']} aria-live="polite">
        {waitingHint(props.trip, seats)}
      </p>
      <PhoneField value={phone} onChange={setPhone} error={props.phoneError} />
    </Question>
  );
}

export function CountStep(props: {
  title: string;
  label: string;
  value: number;
  onChange: (n: number) => void;
  busy: boolean;
  onSend: () => void;
  back: ReactNode;
}) {
  return (
    <Question
      title={props.title}
      footer={
        <>
          {props.back}
          <Button variant="primary" disabled={props.busy} onClick={props.onSend}>
            {props.busy ? 'Envoi…' : 'Valider'}
          </Button>
        </>
      }
    >
      <div className={styles['presence__stepper']}>
        <NumberStepper
          value={props.value}
          onChange={props.onChange}
          min={LIMITS.stepper.min}
          max={LIMITS.stepper.max}
          label={props.label}
        />
      </div>
    </Question>
  );
}
