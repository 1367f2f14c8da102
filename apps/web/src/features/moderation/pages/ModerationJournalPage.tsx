import { JOURNAL_TEXTS as T } from '@munegu/shared';
import { useSearchParams } from 'react-router-dom';
import { errorMessage, isApiError } from '../../../lib/api';
import { useAudit, type AuditFilters } from '../api';
import { AuditList } from '../components/AuditList';
import { JournalFilters } from '../components/JournalFilters';
import { Pager } from '../components/Pager';
import styles from './ModerationJournalPage.module.css';

/** The filters' names in the page's address (?membre=karim13&du=2026-11-01…). */
const URL_NAMES: Record<keyof AuditFilters, string> = {
  action: 'action',
  actor: 'auteur',
  member: 'membre',
  from: 'du',
  to: 'au',
  page: 'page',
};

function filtersOf(params: URLSearchParams): AuditFilters {
  const text = (key: keyof AuditFilters) => params.get(URL_NAMES[key]) ?? '';
  return {
    action: text('action'),
    actor: text('actor'),
    member: text('member'),
    from: text('from'),
    to: text('to'),
    page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
  };
}

/** The API's field errors by filter ('querystring.to' → to, 'member' → member). */
function fieldErrors(error: unknown): Partial<Record<keyof AuditFilters, string>> {
  if (!isApiError(error)) return {};
  const byField: Partial<Record<keyof AuditFilters, string>> = {};
  for (const { path, message } of error.errors) {
    const field = path.split('.').pop() as keyof AuditFilters;
    if (field in URL_NAMES) byField[field] ??= message;
  }
  return byField;
}

/**
 * /admin/journal: the audit log, newest first, read only, one French sentence per action.
 * The filters live in the address, so a filtered view can be shared or reloaded.
 */
export default function ModerationJournalPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const audit = useAudit(filters);
  const errors = fieldErrors(audit.error);
  const filtered = Boolean(
    filters.action || filters.actor || filters.member || filters.from || filters.to,
  );

  function update(changes: Partial<AuditFilters>) {
    const next = { ...filters, page: 1, ...changes };
    const search = new URLSearchParams();
    for (const [key, name] of Object.entries(URL_NAMES) as [keyof AuditFilters, string][]) {
      const value = next[key];
      if (value && !(key === 'page' && value === 1)) search.set(name, String(value));
    }
    // A filter change replaces the history entry; a new page pushes one (Back returns to it).
    const paging = 'page' in changes;
    setParams(search, { replace: !paging });
    if (paging) document.getElementById('journal-title')?.scrollIntoView?.();
  }

  return (
    <section aria-labelledby="journal-title">
      <div className={styles['journal__head']}>
        <h2 id="journal-title" className={styles['journal__title']}>
          {T.title}
        </h2>
        {audit.data && (
          <p className={styles['journal__count']} aria-live="polite">
            {T.count(audit.data.total)}
          </p>
        )}
      </div>
      <JournalFilters
        key={`${filters.actor}|${filters.member}`}
        filters={filters}
        errors={errors}
        onChange={update}
      />
      {audit.isPending && <p className="empty-state">{T.loading}</p>}
      {audit.isError && Object.keys(errors).length === 0 && (
        <p className="error-text" role="alert">
          {errorMessage(audit.error, T.loadError)}
        </p>
      )}
      {audit.data?.items.length === 0 && (
        <p className="empty-state">{filtered ? T.emptyFiltered : T.empty}</p>
      )}
      {audit.data && <AuditList items={audit.data.items} />}
      {audit.data && <Pager {...audit.data} onPage={(page) => update({ page })} />}
    </section>
  );
}
