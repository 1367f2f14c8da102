import { lazy, Suspense, useRef, useState, type RefObject } from 'react';
// Not MINI_LEAGUE_TEXTS: its module holds the schemas, and zod with them, which /jeu_prono's
// first load has no use for (e2e/specs/first-load.spec.ts).
import { plural } from '@munegu/shared';
import { Link } from 'react-router-dom';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { useSingleSubmit } from '../../../lib/hooks';
import {
  useCreateMiniLeague,
  useJoinMiniLeague,
  useLeaveMiniLeague,
  useMiniLeague,
  useMiniLeagues,
  type MiniLeagueSummary,
} from '../api';

// Fetched when a member asks to leave: /jeu_prono's first load has no dialog to show.
const ConfirmDialog = lazy(() =>
  import('../../../components/ui/ConfirmDialog').then((m) => ({ default: m.ConfirmDialog })),
);
import { RankingRows } from './RankingRows';
import predictionsStyles from '../predictions.module.css';
import styles from './MiniLeaguesPanel.module.css';
import { cx } from '../../../lib/cx';
import { Button } from '../../../components/ui/Button';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { ChevronDownIcon } from '../../../components/ui/icons';

/** Private leagues: create one, share its code, join with a code, see its ranking. */
export function MiniLeaguesPanel() {
  const { isAuthenticated, user } = useAuth();
  const leagues = useMiniLeagues(isAuthenticated);
  const [openId, setOpenId] = useState<number | null>(null);
  const create = useCreateMiniLeague();
  const join = useJoinMiniLeague();
  // Where the focus goes once a left league's row, and its « Quitter », are gone.
  const title = useRef<HTMLHeadingElement>(null);

  return (
    <section
      className={cx('card', styles['prono__leagues'], 'near-view')}
      aria-labelledby="leagues-title"
    >
      <h2
        id="leagues-title"
        className={predictionsStyles['prono__section-title']}
        ref={title}
        tabIndex={-1}
      >
        Mini-ligues
      </h2>
      {!isAuthenticated ? (
        <p className="empty-state">
          <Link to="/login">Connecte-toi</Link> pour créer ou rejoindre une mini-ligue entre amis.
        </p>
      ) : (
        <>
          <div className={styles['leagues__forms']}>
            <CodeForm
              id="league-create"
              label="Nom de la mini-ligue"
              button="Créer"
              maxLength={40}
              counter
              kind="create"
              mutation={create}
              onDone={(league) => setOpenId(league.id)}
            />
            <CodeForm
              id="league-join"
              label="Code d’invitation"
              button="Rejoindre"
              maxLength={8}
              clean={inviteCode}
              kind="join"
              mutation={join}
              onDone={(league) => setOpenId(league.id)}
            />
          </div>
          {leagues.isError ? (
            <p className="error-text">{errorMessage(leagues.error, 'Une erreur est survenue.')}</p>
          ) : (leagues.data ?? []).length === 0 ? (
            <p className="empty-state">Tu ne fais partie d’aucune mini-ligue.</p>
          ) : (
            <ul className={styles['leagues__list']}>
              {leagues.data?.map((league) => (
                <LeagueItem
                  key={league.id}
                  league={league}
                  open={openId === league.id}
                  onToggle={() => setOpenId(openId === league.id ? null : league.id)}
                  meId={user?.id}
                  afterLeaving={title}
                />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

/**
 * What the invite code field keeps: letters and digits only, in capitals, 8 at most, without
 * the card's « Code : » when the whole line was copied. A code copied from 'Code : 3Q7PKPT2'
 * often brings a space along, which a maxlength would have kept in place of the code's last
 * character.
 */
const inviteCode = (raw: string) =>
  raw
    // The card's own label, when the member copied the whole line.
    .replace(/^\s*code\s*:/i, '')
    .replace(/[^0-9a-z]/gi, '')
    .toUpperCase()
    .slice(0, 8);

type FormProps = {
  id: string;
  label: string;
  button: string;
  maxLength: number;
  /**
   * '12 / 40 caractères' under the field: the maxlength stops the typing there, and the
   * member sees why rather than a name silently cut.
   */
  counter?: boolean;
  /** Applied to what is typed or pasted (the field then has no maxlength of its own). */
  clean?: (raw: string) => string;
  /** Its rules and success message, loaded on submit (miniLeagueRules.ts: they bring zod). */
  kind: 'create' | 'join';
  mutation: ReturnType<typeof useCreateMiniLeague>;
  onDone: (league: MiniLeagueSummary) => void;
};

function CodeForm({
  id,
  label,
  button,
  maxLength,
  counter,
  clean,
  kind,
  mutation,
  onDone,
}: FormProps) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Taken at once, before the rules' import: a double click would otherwise send twice (two
  // leagues of the same name) before the mutation says it is pending.
  const once = useSingleSubmit();
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!once.start()) return;
    const rules = await import('./miniLeagueRules')
      .then((m) => m.LEAGUE_FORMS[kind])
      .catch(() => null);
    if (!rules) {
      once.done();
      return setError('Une erreur est survenue.');
    }
    const parsed = rules.validate(value);
    if (!parsed.success) {
      once.done();
      return setError(parsed.error?.issues[0]?.message ?? 'Valeur invalide');
    }
    setError(null);
    mutation.mutate(value.trim(), {
      onSuccess: (league) => {
        toast.success(rules.success);
        setValue('');
        onDone(league);
      },
      onError: (e) => setError(errorMessage(e, 'Une erreur est survenue.')),
      onSettled: once.done,
    });
  };
  return (
    <form className={styles['leagues__form']} onSubmit={(e) => void submit(e)} noValidate>
      <label htmlFor={id}>{label}</label>
      <div className={styles['leagues__row']}>
        <input
          id={id}
          className="input"
          value={value}
          maxLength={clean ? undefined : maxLength}
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={
            [counter && `${id}-count`, error && `${id}-error`].filter(Boolean).join(' ') ||
            undefined
          }
          onChange={(e) => setValue(clean ? clean(e.target.value) : e.target.value)}
        />
        <SubmitButton variant="primary" small disabled={mutation.isPending}>
          {button}
        </SubmitButton>
      </div>
      {/* Plain digits, no Intl: this form is on /jeu_prono's first load, and a name's limit
          is below a thousand. */}
      {counter && (
        <p
          id={`${id}-count`}
          className={cx('field__hint', styles['leagues__counter'])}
          aria-live="polite"
        >
          {value.length} / {maxLength} caractères
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

function LeagueItem(props: {
  league: MiniLeagueSummary;
  open: boolean;
  onToggle: () => void;
  meId: number | undefined;
  afterLeaving: RefObject<HTMLElement | null>;
}) {
  const { league, open, onToggle, meId, afterLeaving } = props;
  const detail = useMiniLeague(open ? league.id : null);
  const leave = useLeaveMiniLeague();
  const [leaving, setLeaving] = useState(false);
  const confirmLeave = () =>
    leave.mutate(league.id, {
      onSuccess: (answer) => {
        setLeaving(false);
        toast.success(answer.message);
      },
      onError: (e) => {
        setLeaving(false);
        toast.error(errorMessage(e, 'Une erreur est survenue.'));
      },
    });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(league.invite_code);
      toast.success('Code copié !');
    } catch {
      toast.error('Copie impossible : note le code à la main.');
    }
  };
  return (
    <li className={styles['leagues__item']}>
      <div className={styles['leagues__head']}>
        <button
          type="button"
          className={styles['leagues__name']}
          aria-expanded={open}
          aria-describedby={`league-${league.id}-toggle`}
          onClick={onToggle}
        >
          {/* The card's only sign that its name opens the ranking. */}
          <ChevronDownIcon
            size={18}
            className={cx(styles['leagues__chevron'], open && styles['leagues__chevron--open'])}
          />
          {league.name}{' '}
          <span className={styles['leagues__count']}>
            ({plural(league.members_count, 'membre')})
          </span>
        </button>
        <span id={`league-${league.id}-toggle`} className="visually-hidden">
          {open ? 'Masquer le classement' : 'Afficher le classement'}
        </span>
        <span className={styles['leagues__code']}>
          Code : <code>{league.invite_code}</code>
        </span>
        <Button variant="ghost" small onClick={() => void copy()}>
          Copier le code
        </Button>
        <Button variant="ghost" small onClick={() => setLeaving(true)}>
          Quitter
        </Button>
      </div>
      {leaving && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            title={`Quitter « ${league.name} » ?`}
            message={
              league.members_count <= 1
                ? 'Tu en es le dernier membre : la mini-ligue sera supprimée.'
                : 'Tu pourras la rejoindre à nouveau avec son code.'
            }
            confirmLabel="Quitter"
            danger
            busy={leave.isPending}
            fallbackFocus={afterLeaving}
            onConfirm={confirmLeave}
            onCancel={() => setLeaving(false)}
          />
        </Suspense>
      )}
      {open &&
        (detail.isError ? (
          <p className="error-text">{errorMessage(detail.error, 'Une erreur est survenue.')}</p>
        ) : detail.isPending ? (
          <p className="empty-state">Chargement…</p>
        ) : (
          <RankingRows
            rows={detail.data.members.map((m) => ({ ...m, classement_prono: m.rank }))}
            meId={meId}
          />
        ))}
    </li>
  );
}
