import {
  PropositionDialog,
  propositionFromNotification,
  type CarpoolNotification,
} from '../../carpool';
import { useNextMatches } from '../../matches';

type Props = { notification: CarpoolNotification; onClose: () => void; onAnswered: () => void };

/**
 * Statuses 1 and 2 of the bell: the carpool feature's accept/refuse popup, fed from the
 * notification's detail. The arrival stadium comes from the upcoming matches ('Stade inconnu'
 * when the match is no longer listed).
 */
export function AnswerPopup({ notification, onClose, onAnswered }: Props) {
  const matchId = notification.userToUserMatch.matchId;
  const { data: matches } = useNextMatches();
  const match = matches?.find((m) => m.id === matchId) ?? {
    id: matchId,
    club_dom: { nomStade: null, ville: null },
  };
  return (
    <PropositionDialog
      proposition={propositionFromNotification(notification)}
      match={match}
      open
      onOpenChange={(open) => !open && onClose()}
      onAnswered={onAnswered}
    />
  );
}
