import { useDeferredValue, useId, useState } from 'react';
import { roleName } from '@munegu/shared';
import { problem, useMemberSearch } from '../api';
import { AdminOnly } from '../components/AdminOnly';
import { MemberPanel } from '../components/MemberPanel';
import shared from '../administration.module.css';
import { MemberSearchInput } from '../../../components/ui/MemberSearchInput';
import styles from './MembersPage.module.css';
import { Email } from '../../../components/ui/Email';

/** /admin/membres (ADMIN): find a member by pseudo or e-mail, then manage them. */
export default function MembersPage() {
  return (
    <AdminOnly>
      <Members />
    </AdminOnly>
  );
}

function Members() {
  const id = useId();
  const [q, setQ] = useState('');
  const [selected, setSelected] = useState<number | null>(null);
  const term = useDeferredValue(q);
  const results = useMemberSearch(term);
  return (
    <div className={styles['members']}>
      <section className={`card ${shared['panel']}`} aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>Membres</h2>
        <label className={styles['members__search']} htmlFor={`${id}-q`}>
          Pseudo ou e-mail
          <MemberSearchInput id={`${id}-q`} value={q} onChange={setQ} />
        </label>
        {term.trim().length < 2 ? (
          <p className={shared['hint']}>Saisis au moins 2 caractères.</p>
        ) : results.isError ? (
          <p className="error-text">{problem(results.error)}</p>
        ) : results.isPending ? (
          <p className="empty-state">Recherche…</p>
        ) : results.data.length === 0 ? (
          <p className="empty-state">Aucun membre trouvé.</p>
        ) : (
          <ul className={shared['rows']} aria-label="Résultats">
            {results.data.map((m) => (
              <li key={m.id} className={shared['row']}>
                <button
                  type="button"
                  className={styles['members__pick']}
                  aria-pressed={selected === m.id}
                  onClick={() => setSelected(m.id)}
                >
                  <strong>{m.pseudo}</strong>
                  <span className={shared['muted']}>
                    <Email address={m.email} /> · {roleName(m.role)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      {selected !== null && <MemberPanel id={selected} />}
    </div>
  );
}
