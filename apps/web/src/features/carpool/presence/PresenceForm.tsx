import { useState } from 'react';
import { TRANSPORT_IDS, type Trip } from '@munegu/shared';
import { useMatchTrips } from '../../trips';
import type { Answers } from './answers';
import {
  BusStep,
  Choice,
  CountStep,
  DepartmentStep,
  Question,
  TransportStep,
  TripSeatsStep,
} from './PresenceSteps';
import styles from './presence.module.css';
import { Button } from '../../../components/ui/Button';

/** The form's steps (spec section 4 numbers them 1, 2, 4, 6 and 7; places follows step 4). */
type Step = 'departement' | 'transport' | 'covoiturage' | 'places' | 'bus' | 'car' | 'people';

type Props = {
  matchId: number;
  initial: Answers;
  busy: boolean;
  onSubmit: (answers: Answers) => void;
  /** Registers on an antenna's coach (issue 30) instead of declaring a bus. */
  onRegisterTrip: (trip: Trip, seats: number, phone: string) => void;
  /** The coach registration was refused for its phone: the seats step shows it. */
  tripPhoneError: string | undefined;
};

/** 'Direction le stade !': departure, transport, then what that transport needs, then send. */
export function PresenceForm({
  matchId,
  initial,
  busy,
  onSubmit,
  onRegisterTrip,
  tripPhoneError,
}: Props) {
  const [answers, setAnswers] = useState(initial);
  // Asked as the form opens, so that the bus step knows the antennas' coaches when it comes.
  const { data: trips = [] } = useMatchTrips(matchId);
  const [trip, setTrip] = useState<Trip | null>(null);
  const [trail, setTrail] = useState<Step[]>(['departement']);
  const step = trail[trail.length - 1] ?? 'departement';
  const go = (next: Step) => setTrail((t) => [...t, next]);
  const back = () => setTrail((t) => (t.length > 1 ? t.slice(0, -1) : t));
  const send = (patch: Partial<Answers>) => onSubmit({ ...answers, ...patch });
  const set = (patch: Partial<Answers>) => setAnswers((a) => ({ ...a, ...patch }));

  // Buttons show last time's answer as pressed when the member modifies it.
  const wasCar = initial.transportId === TRANSPORT_IDS.VOITURE;
  const offerSeats = () => {
    set({ covoiturage: true });
    go('places');
  };

  const chooseTransport = (transportId: number) => {
    set({ transportId });
    if (transportId === TRANSPORT_IDS.VOITURE) go('covoiturage');
    else if (transportId === TRANSPORT_IDS.BUS) go('bus');
    else if (transportId === TRANSPORT_IDS.RECHERCHE) go('people');
    else send({ transportId }); // train, plane, on foot: nothing more to ask
  };

  const backButton =
    trail.length > 1 ? (
      <Button variant="ghost" onClick={back} disabled={busy}>
        Retour
      </Button>
    ) : null;

  switch (step) {
    case 'departement':
      return (
        <DepartmentStep
          value={answers.departement}
          onChange={(departement) => set({ departement })}
          onNext={() => go('transport')}
        />
      );
    case 'transport':
      return (
        <TransportStep
          selected={answers.transportId}
          busy={busy}
          onChoose={chooseTransport}
          footer={backButton}
        />
      );
    case 'covoiturage':
      return (
        <Question title="Proposes-tu du covoiturage ?" footer={backButton}>
          <div className={styles['presence__choices']}>
            <Choice pressed={wasCar && initial.covoiturage} onClick={offerSeats}>
              Oui
            </Choice>
            <Choice
              pressed={wasCar && !initial.covoiturage}
              disabled={busy}
              onClick={() => send({ covoiturage: false })}
            >
              Non
            </Choice>
          </div>
        </Question>
      );
    case 'places':
      return (
        <CountStep
          title="Combien de places proposes-tu ?"
          label="Nombre de places"
          value={answers.places}
          onChange={(places) => set({ places })}
          busy={busy}
          onSend={() => send({ covoiturage: true })}
          back={backButton}
        />
      );
    case 'bus':
      return (
        <BusStep
          selected={initial.transportId === TRANSPORT_IDS.BUS ? initial.antenneId : undefined}
          busy={busy}
          onChoose={(antenneId) => send({ antenneId })}
          trips={trips}
          onChooseTrip={(chosen) => {
            setTrip(chosen);
            go('car');
          }}
          footer={backButton}
        />
      );
    case 'car':
      return trip ? (
        <TripSeatsStep
          trip={trip}
          busy={busy}
          phoneError={tripPhoneError}
          onSend={(seats, phone) => onRegisterTrip(trip, seats, phone)}
          back={backButton}
        />
      ) : null;
    case 'people':
      return (
        <CountStep
          title="Combien de personnes cherchent une place ?"
          label="Nombre de personnes"
          value={answers.people}
          onChange={(people) => set({ people })}
          busy={busy}
          onSend={() => send({})}
          back={backButton}
        />
      );
  }
}
