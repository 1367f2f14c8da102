import { JOURNAL_ACTION_GROUPS, JOURNAL_ACTIONS, JOURNAL_TEXTS as T } from '@munegu/shared';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/Button';
import { FormField, invalidProps } from '../../../components/ui/FormField';
import { useMediaQuery } from '../../../lib/hooks';
import type { AuditFilters } from '../api';
import styles from './JournalFilters.module.css';

const ACTIONS = Object.keys(JOURNAL_ACTIONS) as (keyof typeof JOURNAL_ACTIONS)[];

type Field = 'action' | 'actor' | 'member' | 'from' | 'to';

/**
 * The journal's filters. The action and the dates apply as soon as they change; the two
 * pseudos (resolved by the API, which names the field when nobody has the pseudo) apply with
 * 'Filtrer' or Enter. `errors`: the API's message per field. On a phone they fold behind a
 * 'Filtres (n)' button, so the journal itself comes first on the screen.
 */
export function JournalFilters({
  filters,
  errors,
  onChange,
}: {
  filters: AuditFilters;
  errors: Partial<Record<Field, string>>;
  onChange: (changes: Partial<AuditFilters>) => void;
}) {
  const [actor, setActor] = useState(filters.actor);
  const [member, setMember] = useState(filters.member);
  const set = [filters.action, filters.actor, filters.member, filters.from, filters.to].filter(
    Boolean,
  ).length;
  const narrow = useMediaQuery('(max-width: 47.99rem)');
  const [open, setOpen] = useState(false);
  const shown = !narrow || open || Object.keys(errors).length > 0;

  function submit(event: FormEvent) {
    event.preventDefault();
    onChange({ actor: actor.trim(), member: member.trim() });
  }

  return (
    <>
      {narrow && (
        <Button
          variant="outline"
          small
          className={styles['filters__toggle']}
          aria-expanded={shown}
          aria-controls={shown ? 'journal-filters' : undefined}
          onClick={() => setOpen(!shown)}
        >
          {T.filters(set)}
        </Button>
      )}
      {shown && (
        <form
          id="journal-filters"
          className={styles['filters']}
          onSubmit={submit}
          aria-label="Filtres du journal"
        >
          <div className={styles['filters__action']}>
            <FormField id="journal-action" label={T.actionFilter} error={errors.action}>
              <select
                {...invalidProps('journal-action', errors.action)}
                className="input"
                value={filters.action}
                onChange={(e) => onChange({ action: e.target.value })}
              >
                <option value="">{T.allActions}</option>
                {JOURNAL_ACTION_GROUPS.map((group) => (
                  <optgroup key={group.prefix} label={group.name}>
                    <option value={group.prefix}>{T.allOfGroup(group.name)}</option>
                    {ACTIONS.filter((a) => a.startsWith(group.prefix)).map((a) => (
                      <option key={a} value={a}>
                        {JOURNAL_ACTIONS[a].name}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
            </FormField>
          </div>
          <FormField id="journal-actor" label={T.actorFilter} error={errors.actor}>
            <input
              {...invalidProps('journal-actor', errors.actor)}
              className="input"
              value={actor}
              maxLength={40}
              autoComplete="off"
              spellCheck={false}
              onChange={(e) => setActor(e.target.value)}
            />
          </FormField>
          <FormField id="journal-member" label={T.memberFilter} error={errors.member}>
            <input
              {...invalidProps('journal-member', errors.member)}
              className="input"
              value={member}
              maxLength={40}
              autoComplete="off"
              spellCheck={false}
              onChange={(e) => setMember(e.target.value)}
            />
          </FormField>
          <div className={styles['filters__dates']}>
            <FormField id="journal-from" label={T.fromFilter} error={errors.from}>
              <input
                {...invalidProps('journal-from', errors.from)}
                className="input"
                type="date"
                value={filters.from}
                max={filters.to || undefined}
                onChange={(e) => onChange({ from: e.target.value })}
              />
            </FormField>
            <FormField id="journal-to" label={T.toFilter} error={errors.to}>
              <input
                {...invalidProps('journal-to', errors.to)}
                className="input"
                type="date"
                value={filters.to}
                min={filters.from || undefined}
                onChange={(e) => onChange({ to: e.target.value })}
              />
            </FormField>
          </div>
          <div className={styles['filters__buttons']}>
            <Button type="submit" variant="primary" small>
              {T.apply}
            </Button>
            {set > 0 && (
              <Button
                type="button"
                variant="light"
                small
                onClick={() => {
                  setActor('');
                  setMember('');
                  onChange({ action: '', actor: '', member: '', from: '', to: '' });
                }}
              >
                {T.clear}
              </Button>
            )}
          </div>
        </form>
      )}
    </>
  );
}
