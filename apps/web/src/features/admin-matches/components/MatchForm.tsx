import { useState } from 'react';
import {
  adminMatchInputSchema,
  MATCH_TEXTS,
  type AdminMatch,
  type ClubDetail,
} from '@munegu/shared';
import { Crest } from '../../../components/ui/Crest';
import { useSaveMatch } from '../api';
import { saveOutcome } from './saveOutcome';
import { KickoffTripsWarning } from './KickoffTripsWarning';
import { formatTime, parisInputToIso } from '../../../lib/dates';
import { fieldErrors } from '../../../components/ui/formErrors';
import { FormDialogFooter } from '../../../components/ui/Dialog';
import { FormField, invalidProps } from '../../../components/ui/FormField';
import adminStyles from '../admin.module.css';

type Props = {
  match: AdminMatch | null;
  season: string;
  clubs: ClubDetail[];
  onDone: () => void;
};

/** What saving says, and when a moved kickoff will reach the match's travellers. */
const savedText = (edit: boolean) => (saved: AdminMatch) => {
  const done = edit ? 'Match modifié.' : 'Match créé.';
  return saved.annonce_horaire
    ? `${done} ${MATCH_TEXTS.kickoffNotice(formatTime(saved.annonce_horaire))}`
    : done;
};

/** Create or edit a match; the kickoff is typed in Paris time ('YYYY-MM-DDTHH:mm'). */
export function MatchForm({ match, season, clubs, onDone }: Props) {
  const save = useSaveMatch();
  const [values, setValues] = useState({
    season: match?.season ?? season,
    journee: match ? String(match.journee) : '',
    kickoff: match?.kickoff ?? '',
    hashtag: match?.hashtag ?? '',
    club_dom_id: match ? String(match.club_dom.id) : '',
    club_ext_id: match ? String(match.club_ext.id) : '',
    ticket_url: match?.ticket_url ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  // A kickoff moved on a match to come: its coaches' people will hear of it (trips/notify).
  const movedTo = match && values.kickoff !== match.kickoff ? parisInputToIso(values.kickoff) : '';
  const set = (key: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = adminMatchInputSchema.safeParse({
      season: values.season.trim(),
      journee: values.journee === '' ? undefined : Number(values.journee),
      kickoff: values.kickoff,
      hashtag: values.hashtag.trim() || null,
      club_dom_id: values.club_dom_id ? Number(values.club_dom_id) : undefined,
      club_ext_id: values.club_ext_id ? Number(values.club_ext_id) : undefined,
      ticket_url: values.ticket_url.trim() || null,
    });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    save.mutate(
      { id: match?.id ?? null, input: parsed.data },
      saveOutcome(savedText(match !== null), onDone, setErrors),
    );
  };

  const field = (key: string, label: string, input: React.ReactNode) => (
    <FormField id={`match-${key}`} label={label} error={errors[key]}>
      {input}
    </FormField>
  );
  const common = (key: string) => ({
    ...invalidProps(`match-${key}`, errors[key]),
    className: 'input',
  });
  const clubSelect = (key: 'club_dom_id' | 'club_ext_id') => {
    const club = clubs.find((c) => String(c.id) === values[key]);
    return (
      <div className={adminStyles['admin__club-select']}>
        {club ? (
          <Crest name={club.nom} logo={club.logo} size={32} />
        ) : (
          <span className={adminStyles['admin__crest-slot']} />
        )}
        <select {...common(key)} value={values[key]} onChange={set(key)}>
          <option value="">— Choisir un club —</option>
          {clubs.map((c) => (
            <option key={c.id} value={c.id}>
              {c.nom}
            </option>
          ))}
        </select>
      </div>
    );
  };

  return (
    <form className="admin__form" onSubmit={submit} noValidate>
      <div className={adminStyles['admin__grid']}>
        {field(
          'season',
          'Saison',
          <input
            {...common('season')}
            value={values.season}
            onChange={set('season')}
            placeholder="2026-2027"
          />,
        )}
        {field(
          'journee',
          'Journée',
          <input
            {...common('journee')}
            type="number"
            min={1}
            max={99}
            value={values.journee}
            onChange={set('journee')}
          />,
        )}
        {field(
          'kickoff',
          'Coup d’envoi (heure de Paris)',
          <input
            {...common('kickoff')}
            type="datetime-local"
            value={values.kickoff}
            onChange={set('kickoff')}
          />,
        )}
        {match && movedTo && !match.is_finish && (
          <KickoffTripsWarning matchId={match.id} kickoff={movedTo} />
        )}
        {field(
          'hashtag',
          'Hashtag',
          <input
            {...common('hashtag')}
            value={values.hashtag}
            onChange={set('hashtag')}
            placeholder="#ASMOGCN"
            maxLength={30}
          />,
        )}
        {field('club_dom_id', 'Club à domicile', clubSelect('club_dom_id'))}
        {field('club_ext_id', 'Club à l’extérieur', clubSelect('club_ext_id'))}
        {field(
          'ticket_url',
          'Lien billetterie (facultatif)',
          <input
            {...common('ticket_url')}
            type="url"
            value={values.ticket_url}
            onChange={set('ticket_url')}
            placeholder="https://"
          />,
        )}
      </div>
      <FormDialogFooter
        disabled={save.isPending}
        label={save.isPending ? 'Enregistrement…' : 'Enregistrer'}
      />
    </form>
  );
}
