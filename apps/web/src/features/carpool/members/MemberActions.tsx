import { useState, type ReactNode } from 'react';
import { isDeletedUsername } from '../../profiles';
import type { ConfirmedCarpool } from '../api';
import { CancelCarpoolDialog } from '../cancel/CancelCarpoolDialog';
import { ExcludePassengerDialog } from '../cancel/ExcludePassengerDialog';
import styles from './members.module.css';
import { Button } from '../../../components/ui/Button';

/** 'Exclure' beside a passenger (driver only), opening the exclusion reason popup. */
export function PassengerExclude({
  matchId,
  passenger,
}: {
  matchId: number;
  passenger: { id: number; username: string };
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        small
        aria-label={`Exclure ${passenger.username}`}
        onClick={() => setOpen(true)}
      >
        Exclure
      </Button>
      <ExcludePassengerDialog
        matchId={matchId}
        passenger={passenger}
        open={open}
        onOpenChange={setOpen}
      />
    </>
  );
}

type Props = {
  carpool: ConfirmedCarpool;
  /** The passenger's own relation (a passenger leaves only their seat). */
  myRelationId: number | undefined;
  /** The links shown before the cancel button: the car's thread, writing to the driver. */
  links: ReactNode;
};

/** A passenger: write to the driver, leave. The driver: cancel the whole carpool. */
export function MemberActions({ carpool, myRelationId, links }: Props) {
  const [cancelling, setCancelling] = useState(false);
  const { isDriver, matchId, vehicule } = carpool;
  return (
    <div className={styles['members__actions']}>
      {links}
      <Button variant="danger" small onClick={() => setCancelling(true)}>
        {isDriver ? 'Annuler le covoiturage' : 'Annuler mon covoiturage'}
      </Button>
      <CancelCarpoolDialog
        matchId={matchId}
        relationId={isDriver ? undefined : (myRelationId ?? carpool.relationId)}
        asDriver={isDriver}
        otherMember={isDriver || isDeletedUsername(vehicule.username) ? undefined : vehicule}
        open={cancelling}
        onOpenChange={setCancelling}
      />
    </div>
  );
}
