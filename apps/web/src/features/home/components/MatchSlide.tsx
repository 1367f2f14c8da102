import { useNavigate } from 'react-router-dom';
import { CARPOOL_TEXTS, TEXTS, MONACO_CLUB_ID, type Match, type SiteInfo } from '@munegu/shared';
import { Crest } from '../../../components/ui/Crest';
import { TicketIcon } from '../../../components/ui/icons';
import { LOCAL_ZONE, formatLongDate, formatTime, matchKickoff } from '../../../lib/dates';
import { useAuth } from '../../../lib/auth';
import { useMemberAction } from '../../../lib/useMemberAction';
import { useSiteInfo } from '../../../lib/site';
import { hasKickedOff, isLive, matchTitle } from '../../matches';
import { useMatchInfo, type MatchInfo } from '../../carpool';
import { loadMatchTrips } from '../../trips';
import { useLoadedAfterFirstPage } from '../../../lib/boot';
import { Countdown } from './Countdown';
import styles from './MatchSlide.module.css';
import { Button } from '../../../components/ui/Button';

type Props = {
  match: Match;
  index: number;
  /** Opens the presence form ('Direction le stade !'); supplied by the carpool feature. */
  onPresence?: (match: Match) => void;
  /** Opens the prediction popup; supplied by the prediction feature. */
  onPrediction?: (match: Match) => void;
  /** Opens the MuneguMap of the match (presence validated). */
  onOpenMap?: (match: Match) => void;
  /** Opens 'NOTE TON COVOITURAGE' (finished match, confirmed carpool not rated yet). */
  onRate?: (match: Match) => void;
};

type SecondButton = 'live' | 'presence' | 'map' | 'rate' | 'rated' | null;

/**
 * The match block's second button (spec section 2). `info` is the member's answer for the
 * match (null without one, or signed out): the presence form until they answered, then the
 * map; after the match, the rating while their confirmed carpool is not rated.
 */
function secondButton(live: boolean, finished: boolean, info: MatchInfo | null) {
  let button: SecondButton = null;
  if (live) button = 'live';
  else if (!finished) button = info ? 'map' : 'presence';
  else if (info?.has_confirmed) button = info.note_submitted ? 'rated' : 'rate';
  return button;
}

/**
 * The links of the match block: the match's own ticket office and AS Monaco's live feed (else
 * the home club's), both set by operators; else the operator's ticket office and the club's
 * account (GET /site). No ticket office anywhere: no link.
 */
function matchLinks(match: Match, site: SiteInfo | undefined) {
  const clubs = [match.club_dom, match.club_ext];
  const monaco = clubs.find((c) => c.id === MONACO_CLUB_ID);
  return {
    live:
      monaco?.live_feed_url ||
      match.club_dom.live_feed_url ||
      site?.club_live_url ||
      // The club's own account (CLUB_X_ACCOUNT's default) while GET /site is on its way.
      'https://x.com/AS_Monaco',
    tickets: match.ticket_url || site?.ticket_office_url || null,
  };
}

/** One slide of the next-match carousel (spec section 2, Match block). */
export function MatchSlide({ match, index, onPresence, onPrediction, onOpenMap, onRate }: Props) {
  const { isAuthenticated } = useAuth();
  const { data: info = null } = useMatchInfo(match.id, isAuthenticated);
  const navigate = useNavigate();
  const kickoff = matchKickoff(match.date, match.heure);
  const live = index === 0 && isLive(match);
  const home = match.club_dom;
  const away = match.club_ext;
  const titleId = `match-${match.id}-title`;
  const second = secondButton(live, match.is_finish, isAuthenticated ? info : null);
  const { data: site } = useSiteInfo();
  const links = matchLinks(match, site);

  // Visitors' clicks on presence or prediction go to /login (spec section 2).
  const asMember = useMemberAction();
  const prediction = () =>
    asMember(() => (onPrediction ? onPrediction(match) : void navigate('/jeu_prono')));
  const presence = () => asMember(() => onPresence?.(match));
  // The antennas' coaches, a member's extra: their code and read come once the page has painted.
  const MatchTrips = useLoadedAfterFirstPage(
    loadMatchTrips,
    isAuthenticated && !hasKickedOff(match),
  );

  return (
    <article className={styles['match']} aria-labelledby={titleId}>
      <h2
        id={titleId}
        className={`${styles['match__title']}${live ? ` ${styles['match__title--live']}` : ''}`}
      >
        {live && <span className={styles['match__live-dot']} aria-hidden="true" />}
        {matchTitle(match, index)}
      </h2>

      <div className={styles['match__teams']}>
        <div className={styles['match__team']}>
          <Crest name={home.nom} logo={home.logo} size={92} eager={index === 0} />
          <span className={styles['match__club']}>{home.nom}</span>
        </div>
        <div className={styles['match__center']}>
          {match.is_finish && match.buts_dom != null && match.buts_ext != null ? (
            <p
              className={styles['match__score']}
              aria-label={`Score final ${match.buts_dom} à ${match.buts_ext}`}
            >
              {match.buts_dom} – {match.buts_ext}
            </p>
          ) : (
            <Countdown target={kickoff} />
          )}
        </div>
        <div className={styles['match__team']}>
          <Crest name={away.nom} logo={away.logo} size={92} eager={index === 0} />
          <span className={styles['match__club']}>{away.nom}</span>
        </div>
      </div>

      <div className={styles['match__info']}>
        <p className={styles['match__round']}>Journée {match.journee}</p>
        <p>
          <time dateTime={kickoff.toISOString()}>
            {formatLongDate(kickoff, LOCAL_ZONE)} à {formatTime(kickoff, LOCAL_ZONE)}
          </time>
        </p>
        <p>
          {home.nomStade || TEXTS.listings.unknownStadium} ·{' '}
          {home.ville || TEXTS.listings.unknownCity}
        </p>
        {match.hashtag && (
          <p className={styles['match__hashtag']}>
            {match.hashtag.startsWith('#') ? match.hashtag : `#${match.hashtag}`}
          </p>
        )}
      </div>

      <div className={styles['match__actions']}>
        <Button variant="light" onClick={prediction}>
          JEU DU PRONO
        </Button>
        {second === 'live' && (
          <a
            className="btn btn--primary"
            href={links.live}
            target="_blank"
            rel="noopener noreferrer"
          >
            SUIVRE LE MATCH EN DIRECT
          </a>
        )}
        {second === 'presence' && (
          <Button variant="primary" onClick={presence}>
            JE VAIS AU MATCH !
          </Button>
        )}
        {second === 'map' && (
          <Button variant="primary" onClick={() => onOpenMap?.(match)}>
            MUNEGU MAP
          </Button>
        )}
        {second === 'rate' && (
          <Button variant="primary" onClick={() => onRate?.(match)}>
            NOTE TON COVOITURAGE
          </Button>
        )}
        {second === 'rated' && (
          <p className={styles['match__note']}>{CARPOOL_TEXTS.alreadyRatedAll}</p>
        )}
      </div>
      {second === 'map' && !hasKickedOff(match) && (
        // Once answered, the presence form offers to modify or cancel the answer, until kickoff.
        <button type="button" className={styles['match__edit']} onClick={presence}>
          Modifier ma présence
        </button>
      )}
      {MatchTrips && isAuthenticated && <MatchTrips matchId={match.id} />}

      {/* Tickets and the calendar are for a match still to come. */}
      {links.tickets && !hasKickedOff(match) && (
        <a
          className={styles['match__tickets']}
          href={links.tickets}
          target="_blank"
          rel="noopener noreferrer"
        >
          <TicketIcon size={18} /> Billetterie
        </a>
      )}
      {!hasKickedOff(match) && (
        <a
          className={styles['match__calendar']}
          href={`/api/matchs/${match.id}/calendar.ics`}
          download
        >
          Ajouter au calendrier
        </a>
      )}
    </article>
  );
}
