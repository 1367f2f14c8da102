import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { ConfirmedCarpool } from '@munegu/shared';
import { Avatar } from '../../../components/ui/Avatar';
import { cx } from '../../../lib/cx';
import { CarpoolMembersDialog } from '../members/CarpoolMembersDialog';
import { plural, ratingLabel } from './supporters';
import rowStyles from './SupporterRow.module.css';
import { Button } from '../../../components/ui/Button';

type Member = {
  id: number;
  username: string;
  profile_picture: string | null;
  note_covoiturage: number | null;
};

/** 'En covoiturage': the member's confirmed carpool, driver first, then the passengers. */
export function ConfirmedCarpoolList({
  carpool,
  meId,
}: {
  carpool: ConfirmedCarpool;
  meId: number | null;
}) {
  const driver = carpool.vehicule;
  const [manage, setManage] = useState(false);
  return (
    <>
      <ul className={rowStyles['supporter-list']}>
        <MemberRow
          member={driver}
          meId={meId}
          role="Conducteur"
          detail={`${plural(driver.places_dispo, 'place')} dispo.`}
        />
        {carpool.passagers.map((p) => (
          <MemberRow
            key={p.id}
            member={p}
            meId={meId}
            role="Passager"
            detail={plural(p.nbPers, 'personne')}
          />
        ))}
      </ul>
      {/* Places, cancel, exclude and 'message the driver' live in the members popup; a
          played match's carpool is only looked at there. */}
      <p>
        <Button variant="light" onClick={() => setManage(true)}>
          {carpool.isModifiable ? 'Gérer mon covoiturage' : 'Voir mon covoiturage'}
        </Button>
      </p>
      <CarpoolMembersDialog matchId={carpool.matchId} open={manage} onOpenChange={setManage} />
    </>
  );
}

function MemberRow({
  member,
  meId,
  role,
  detail,
}: {
  member: Member;
  meId: number | null;
  role: string;
  detail: string;
}) {
  const isMe = member.id === meId;
  return (
    <li className={cx(rowStyles['supporter-row'], isMe && rowStyles['supporter-row--me'])}>
      <Avatar username={member.username} picture={member.profile_picture} size={44} />
      <div className={rowStyles['supporter-row__body']}>
        <Link
          to={`/profil/${encodeURIComponent(member.username)}`}
          className={rowStyles['supporter-row__name']}
        >
          {member.username}
        </Link>
        {isMe && <span className={rowStyles['supporter-row__me']}> (toi)</span>}
        <p className={rowStyles['supporter-row__meta']}>
          <span>{role}</span>
          <span>{detail}</span>
          {member.note_covoiturage !== null && <span>{ratingLabel(member.note_covoiturage)}</span>}
        </p>
      </div>
    </li>
  );
}
