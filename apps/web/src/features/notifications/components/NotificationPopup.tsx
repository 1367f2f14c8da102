import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CARPOOL_TEXTS, CARPOOL_STATUS, isPendingCarpoolStatus, TEXTS } from '@munegu/shared';
import { Dialog, DialogCancel, DialogFooter } from '../../../components/ui/Dialog';
import { LoadingOverlay } from '../../../components/ui/LoadingOverlay';
import { ResultPopup } from '../../../components/ui/ResultPopup';
import { errorMessage } from '../../../lib/api';
import {
  notificationKeys,
  useCarpoolNotification,
  type AppNotification,
  type CarpoolNotification,
} from '../../carpool';
import { notificationStatus, notificationWording } from '../api';
import { AnswerPopup } from './AnswerPopup';

type Props = {
  notification: AppNotification;
  onClose: () => void;
  /** The match of the notification, once known (the list may not carry it). */
  onMatch: (matchId: number) => void;
  /** The member accepted or refused: the server has settled it, it leaves the list. */
  onAnswered: () => void;
  /**
   * An information popup (confirmation, reason, a request no longer pending) was read and
   * closed: nothing is left to do with it, it leaves the list (acted on, spec section 4).
   */
  onRead: () => void;
};

/**
 * The popup a carpool notification opens (spec section 4): 1 and 2 the accept/refuse popup
 * while the relation is still pending, 3 a confirmation, 5 and 6 the reason. Status 4 opens
 * nothing (the bell does not mount this for it).
 */
export function NotificationPopup({ notification, onClose, onMatch, onAnswered, onRead }: Props) {
  const qc = useQueryClient();
  // The detail is addressed by the notification's own id (notification_covoiturage_id is the
  // relation's, see the API's notifications service).
  const detail = useCarpoolNotification(notification.id);
  const data = detail.data;
  // Once answered, the refetched relation is no longer pending: keep the answer's own result.
  const [answered, setAnswered] = useState(false);

  // Once per opening: the badge is refetched (the server marks a notification read when its
  // detail is read) and a notification listed without its match selects it now.
  const seen = useRef(false);
  useEffect(() => {
    if (!data || seen.current) return;
    seen.current = true;
    void qc.invalidateQueries({ queryKey: notificationKeys.mine() });
    if (notification.match_id === null) onMatch(data.userToUserMatch.matchId);
  }, [data, qc, notification.match_id, onMatch]);

  // Gone on the server (removed or settled in another tab): the list forgets it too.
  const failed = detail.isError;
  useEffect(() => {
    if (failed) void qc.invalidateQueries({ queryKey: notificationKeys.mine() });
  }, [failed, qc]);

  if (detail.isPending) return <LoadingOverlay fullScreen label="Chargement de la notification…" />;
  // Only a first read's failure: an answer settles the notification on the server, and what
  // was read stays on screen (the answer's write does not read it again).
  if (!data) {
    return (
      <ResultPopup
        open
        status="error"
        message={errorMessage(detail.error, CARPOOL_TEXTS.notificationNotFound)}
        onClose={onClose}
      />
    );
  }

  const status = notificationStatus(notification) ?? data.statut.id;
  const closeRead = () => {
    onRead();
    onClose();
  };
  if (isPendingCarpoolStatus(status)) {
    if (!answered && !isPendingCarpoolStatus(data.currentStatut)) {
      const proposal = status === CARPOOL_STATUS.PROPOSE;
      return (
        <InfoPopup
          title={proposal ? 'Proposition de covoiturage' : 'Demande de covoiturage'}
          lines={[proposal ? CARPOOL_TEXTS.proposalNotPending : CARPOOL_TEXTS.notPending]}
          onClose={closeRead}
        />
      );
    }
    return (
      <AnswerPopup
        notification={data}
        onClose={onClose}
        onAnswered={() => {
          setAnswered(true);
          onAnswered();
        }}
      />
    );
  }
  const who = senderName(data);
  if (status === CARPOOL_STATUS.CONFIRME && data.currentStatut !== CARPOOL_STATUS.CONFIRME) {
    // Read after the carpool was cancelled or a passenger excluded: not a success any more.
    return (
      <InfoPopup
        title="Covoiturage confirmé"
        lines={[`${who} ${notificationWording(status)}`, CARPOOL_TEXTS.noLongerConfirmed]}
        onClose={closeRead}
      />
    );
  }
  if (status === CARPOOL_STATUS.CONFIRME) {
    return (
      <ResultPopup
        open
        status="success"
        title="Covoiturage confirmé"
        message={`${who} ${notificationWording(status)}`}
        onClose={closeRead}
      />
    );
  }
  return (
    <InfoPopup
      title={status === CARPOOL_STATUS.EXCLU ? 'Exclusion du covoiturage' : 'Covoiturage annulé'}
      lines={[
        `${who} ${notificationWording(status)}`,
        `Motif : ${data.motif?.trim() || TEXTS.listings.noReason}`,
      ]}
      onClose={closeRead}
    />
  );
}

const senderName = (data: CarpoolNotification) => data.triggeredBy?.username ?? 'Un membre';

function InfoPopup({
  title,
  lines,
  onClose,
}: {
  title: string;
  lines: string[];
  onClose: () => void;
}) {
  return (
    <Dialog open onClose={onClose} title={title} description={lines.join('\n')}>
      <DialogFooter>
        <DialogCancel label="Fermer" primary />
      </DialogFooter>
    </Dialog>
  );
}
