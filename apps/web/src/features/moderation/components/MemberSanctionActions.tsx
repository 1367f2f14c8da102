import { useState, type RefObject } from 'react';
import { MODERATION_TEXTS } from '@munegu/shared';
import { Button } from '../../../components/ui/Button';
import type { ModerationMember } from '../api';
import type { MemberAction } from '../mutations';
import { liftLabel, SanctionDialog } from './SanctionDialog';
import { liftingOf } from './SuspendedList';
import { cx } from '../../../lib/cx';
import shared from '../moderation.module.css';
import styles from './MemberSanctionActions.module.css';

/**
 * The sanctions a moderator gives a member without a report: warn, silence, suspend, ban, and
 * lift what is in force ('Lever le bannissement', '… la suspension', '… le silence'). Only what
 * makes sense now is offered (a banned member is only un-banned, a suspended one banned or
 * un-suspended); the API checks the ranks again. The dialog calls
 * POST /moderation/users/:id/<kind> itself.
 */
export function MemberSanctionActions({
  data,
  fallbackFocus,
}: {
  data: ModerationMember;
  /** Takes the focus when the button that opened the dialog is gone with the sanction. */
  fallbackFocus?: RefObject<HTMLElement | null>;
}) {
  const { member, canSanction } = data;
  const [kind, setKind] = useState<MemberAction | null>(null);

  if (!canSanction)
    return (
      <p className={styles['note']}>
        Tu ne peux pas sanctionner ce membre : seul un rang supérieur au sien le peut.
      </p>
    );
  if (member.status === 'DELETED' || member.status === 'PENDING')
    return <p className={styles['note']}>Ce compte ne peut pas être sanctionné.</p>;

  const suspended = member.status === 'SUSPENDED';
  const banned = suspended && member.suspendedUntil === null;
  const silenced = member.silencedUntil !== null;
  // A sanction a higher rank imposed is theirs to lift or change (the server refuses it).
  const held = member.heldAbove;
  const lifting =
    (suspended || silenced) && !held.suspension && !held.silence
      ? liftingOf({
          suspended,
          suspendedUntil: member.suspendedUntil,
          silencedUntil: member.silencedUntil,
        })
      : null;
  // Nothing to offer (a sanction a higher rank holds): no empty group for screen readers.
  const anyAction = !suspended || (!banned && !held.suspension) || lifting !== null;
  return (
    <>
      {anyAction && (
        <div
          className={cx(shared['actions'], styles['actions'])}
          role="group"
          aria-label="Sanctions"
        >
          {!suspended && (
            <Button variant="light" onClick={() => setKind('warn')}>
              Avertir
            </Button>
          )}
          {!suspended && !silenced && (
            <Button variant="light" onClick={() => setKind('silence')}>
              Réduire au silence
            </Button>
          )}
          {!suspended && (
            <Button variant="primary" onClick={() => setKind('suspend')}>
              Suspendre
            </Button>
          )}
          {!banned && !held.suspension && (
            <Button variant="danger" onClick={() => setKind('ban')}>
              Bannir
            </Button>
          )}
          {lifting && (
            <Button variant="outline" onClick={() => setKind('lift')}>
              {liftLabel(lifting)}
            </Button>
          )}
        </div>
      )}
      {(held.suspension || held.silence) && (
        <p className={styles['note']}>{MODERATION_TEXTS.higherSanction}</p>
      )}
      <SanctionDialog
        userId={member.id}
        pseudo={member.pseudo}
        kind={kind}
        lifting={lifting ?? undefined}
        {...(fallbackFocus ? { fallbackFocus } : {})}
        onClose={() => setKind(null)}
      />
    </>
  );
}
