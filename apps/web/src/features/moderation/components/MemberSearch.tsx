import {
  ADMINISTRATION_TEXTS,
  MODERATION_WORKSPACE_TEXTS as T,
  type SanctionCounts,
} from '@munegu/shared';
import { useDeferredValue, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '../../../components/ui/Avatar';
import { MemberSearchInput } from '../../../components/ui/MemberSearchInput';
import { errorMessage } from '../../../lib/api';
import { useMemberSearch } from '../api';
import { MemberBadges } from './MemberBadges';
import { memberPagePath } from './ReportCard';
import styles from './MemberSearch.module.css';
import { Email } from '../../../components/ui/Email';

const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

/** '1 avertissement, 2 suspensions'; empty when the member was never sanctioned. */
export function sanctionSummary(s: SanctionCounts): string {
  return [
    s.warn && plural(s.warn, 'avertissement', 'avertissements'),
    s.silence && plural(s.silence, 'silence', 'silences'),
    s.suspend && plural(s.suspend, 'suspension', 'suspensions'),
    s.ban && plural(s.ban, 'bannissement', 'bannissements'),
  ]
    .filter(Boolean)
    .join(', ');
}

/** The workspace's search box: pseudo or e-mail prefix, each result leading to the member page. */
export function MemberSearch() {
  const id = useId();
  const [q, setQ] = useState('');
  const term = useDeferredValue(q).trim();
  const results = useMemberSearch(term);
  return (
    <section className={`card ${styles['search']}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles['search__title']}>
        Trouver un membre
      </h2>
      <label className={styles['search__label']} htmlFor={`${id}-q`}>
        Début du pseudo ou de l’adresse e-mail
      </label>
      <MemberSearchInput id={`${id}-q`} value={q} onChange={setQ} />
      {term.length === 0 ? null : term.length < 2 ? (
        <p className={styles['search__hint']}>{ADMINISTRATION_TEXTS.searchTooShort}</p>
      ) : results.isError ? (
        <p className="error-text" role="alert">
          {errorMessage(results.error, T.searchFailed)}
        </p>
      ) : results.isPending ? (
        <p className={styles['search__hint']}>Recherche…</p>
      ) : results.data.length === 0 ? (
        <p className={styles['search__hint']}>Aucun membre trouvé.</p>
      ) : (
        <ul className={styles['search__results']} aria-label="Membres trouvés">
          {results.data.map((m) => {
            const sanctions = sanctionSummary(m.sanctions);
            return (
              <li key={m.id}>
                <Link to={memberPagePath(m.id)} className={styles['result']}>
                  <Avatar username={m.pseudo} picture={m.avatar} size={32} />
                  <span className={styles['result__body']}>
                    <span className={styles['result__name']}>
                      <strong>{m.pseudo}</strong> <MemberBadges member={m} />
                    </span>
                    <span className={styles['result__meta']}>
                      <Email address={m.email} />
                    </span>
                    <span className={styles['result__meta']}>
                      {m.openReports > 0
                        ? plural(m.openReports, 'signalement ouvert', 'signalements ouverts')
                        : 'Aucun signalement ouvert'}
                      {sanctions ? ` · ${sanctions}` : ''}
                    </span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
