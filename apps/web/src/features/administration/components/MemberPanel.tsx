import { useId, useState } from 'react';
import { ROLES, ROLE_NAMES, type MemberDetail, type Role } from '@munegu/shared';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { problem, useMember, useTitles } from '../api';
import { useMemberWrite } from '../mutations';
import shared from '../administration.module.css';
import { RowForm } from './RowForm';
import { TitleChip } from './TitleChip';
import styles from './MemberPanel.module.css';
import { Button } from '../../../components/ui/Button';
import { Email } from '../../../components/ui/Email';

const STATUS_LABELS: Record<MemberDetail['status'], string> = {
  PENDING: 'e-mail non confirmé',
  ACTIVE: 'actif',
  SUSPENDED: 'suspendu',
  DELETED: 'supprimé',
};

/** One member: role (confirmed first), poste and titles. */
export function MemberPanel({ id }: { id: number }) {
  const member = useMember(id);
  if (member.isError) return <p className="error-text">{problem(member.error)}</p>;
  if (member.isPending) return <p className="empty-state">Chargement…</p>;
  return <MemberForms key={member.data.id} member={member.data} />;
}

function MemberForms({ member }: { member: MemberDetail }) {
  const id = useId();
  const [role, setRole] = useState<Role>(member.role);
  const [confirming, setConfirming] = useState(false);
  const [titleId, setTitleId] = useState('');
  const titles = useTitles();
  const roleWrite = useMemberWrite(member.id, 'Rôle modifié.');
  const posteWrite = useMemberWrite(member.id, 'Poste enregistré.');
  const titleWrite = useMemberWrite(member.id, 'Titres mis à jour.');
  const held = new Set(member.titres.map((t) => t.id));
  const grantable = (titles.data ?? []).filter((t) => !held.has(t.id));

  return (
    <section className={`card ${shared['panel']}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{member.pseudo}</h2>
      <p className={shared['muted']}>
        <Email address={member.email} /> · {STATUS_LABELS[member.status]} · inscrit le{' '}
        {new Date(member.created_at).toLocaleDateString('fr-FR')}
      </p>

      <div className={styles['member__block']}>
        <label htmlFor={`${id}-role`}>Rôle</label>
        <div className={styles['member__line']}>
          <select
            id={`${id}-role`}
            className="input"
            value={role}
            onChange={(e) => setRole(e.target.value as Role)}
          >
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_NAMES[r]}
              </option>
            ))}
          </select>
          <Button
            variant="primary"
            small
            disabled={role === member.role || roleWrite.isPending}
            onClick={() => setConfirming(true)}
          >
            Changer le rôle
          </Button>
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Changer le rôle"
        message={`${member.pseudo} passera de ${ROLE_NAMES[member.role]} à ${ROLE_NAMES[role]}, immédiatement.`}
        busy={roleWrite.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          roleWrite.mutate(
            { kind: 'role', body: { role } },
            {
              onSettled: () => setConfirming(false),
              onError: () => setRole(member.role),
            },
          )
        }
      />

      <div className={styles['member__block']}>
        <RowForm
          key={member.poste ?? ''}
          fields={[{ name: 'poste', label: 'Poste (60 caractères au plus)', maxLength: 60 }]}
          initial={{ poste: member.poste ?? '' }}
          submitLabel="Enregistrer le poste"
          busy={posteWrite.isPending}
          onSubmit={(v) =>
            posteWrite
              .mutateAsync({ kind: 'poste', body: { poste: v['poste']?.trim() || null } })
              .then(
                () => true,
                () => false,
              )
          }
        />
      </div>

      <div className={styles['member__block']}>
        <h3 className={styles['member__subtitle']}>Titres</h3>
        {member.titres.length === 0 ? (
          <p className={shared['muted']}>Aucun titre.</p>
        ) : (
          <ul className={styles['member__titles']}>
            {member.titres.map((t) => (
              <li key={t.id}>
                <TitleChip title={t}>
                  <button
                    type="button"
                    className={styles['member__remove']}
                    aria-label={`Retirer le titre ${t.libelle}`}
                    disabled={titleWrite.isPending}
                    onClick={() => titleWrite.mutate({ kind: 'remove', titleId: t.id })}
                  >
                    ×
                  </button>
                </TitleChip>
              </li>
            ))}
          </ul>
        )}
        <div className={styles['member__line']}>
          <label className="visually-hidden" htmlFor={`${id}-grant`}>
            Titre à attribuer
          </label>
          <select
            id={`${id}-grant`}
            className="input"
            value={titleId}
            onChange={(e) => setTitleId(e.target.value)}
          >
            <option value="">Choisir un titre…</option>
            {grantable.map((t) => (
              <option key={t.id} value={t.id}>
                {t.libelle}
              </option>
            ))}
          </select>
          <Button
            variant="outline"
            small
            disabled={!titleId || titleWrite.isPending}
            onClick={() =>
              titleWrite.mutate(
                { kind: 'grant', titleId: Number(titleId) },
                { onSuccess: () => setTitleId('') },
              )
            }
          >
            Attribuer
          </Button>
        </div>
      </div>
    </section>
  );
}
