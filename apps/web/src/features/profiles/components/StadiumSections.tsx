import { useState } from 'react';
import { busLabel, transportLabelOfCode } from '@munegu/shared';
import { Link } from 'react-router-dom';
import { Crest } from '../../../components/ui/Crest';
import { formatDate } from '../../../lib/dates';
import { formatRating } from '../../../lib/rating';
import {
  CarpoolMembersDialog,
  RatingDialog,
  useMatchInfo,
  useStadiumMatches,
  type StadiumMatch,
} from '../../carpool';
import { isDeletedUsername } from '../api';
import styles from './StadiumSections.module.css';
import { Button } from '../../../components/ui/Button';

const kind = (entry: StadiumMatch) => entry.transport.libelle_transport.toUpperCase();

/** Spec section 2, transport labels: BUS 'En bus - {branch or public}', then one per mode. */
export function transportLine(entry: StadiumMatch): string {
  if (kind(entry) === 'BUS') return busLabel(entry.transport.libelle_antenne);
  return transportLabelOfCode(entry.transport.libelle_transport);
}

const venue = (entry: StadiumMatch) => (entry.domicile ? 'Domicile' : 'Extérieur');

/**
 * 'Covoiturage : 4,8/5' (one decimal, as on the MuneguMap) and the carpools honoured,
 * 'Trajets honorés : x/y' (sidebar): two facts, each with its own label, since a phone's width
 * puts them on one line.
 */
export function CarpoolRecord({ username, note }: { username: string; note: number | null }) {
  const { data } = useStadiumMatches(username);
  const trips = data?.trajets;
  if (note == null && !trips?.total) return null;
  return (
    <p className={styles['record']}>
      {note != null && <span>Covoiturage : {formatRating(note)}</span>}
      {trips && trips.total > 0 && (
        <span>
          Trajets honorés : {trips.honores}/{trips.total}
        </span>
      )}
    </p>
  );
}

/**
 * 'Mes matchs au stade' and 'Covoiturages passés' (spec section 2, Profile page), from
 * POST /users/my-covoiturage. Only on one's own profile does a carpool open its members: the
 * popup reads the caller's carpool.
 */
export function StadiumSections({ username, own }: { username: string; own: boolean }) {
  const { data } = useStadiumMatches(username);
  const [membersOf, setMembersOf] = useState<number | null>(null);
  const [ratingOf, setRatingOf] = useState<number | null>(null);
  const matches = data?.matchs ?? [];
  const carpools = matches.filter((entry) => kind(entry) === 'COVOITURAGE');
  return (
    <>
      <section className="card" aria-labelledby="profile-stadium">
        <h2 id="profile-stadium" className={styles['title']}>
          Mes matchs au stade
        </h2>
        {matches.length === 0 ? (
          <p className="empty-state">{username} n'a assisté à aucun match au stade cette saison.</p>
        ) : (
          <ul className={styles['cards']}>
            {matches.map((entry) => (
              <li key={entry.match_id} className={styles['card']}>
                <span className={styles['card__date']}>{formatDate(entry.date)}</span>
                <span className={styles['card__venue']}>{venue(entry)}</span>
                <Crest
                  name={entry.match.club_adverse.nom}
                  logo={entry.match.club_adverse.logo}
                  size={40}
                />
                {entry.score && <span>Score : {entry.score}</span>}
                <span>{transportLine(entry)}</span>
                {own && kind(entry) === 'COVOITURAGE' && (
                  <Button
                    variant="outline"
                    small
                    aria-label={`Voir les membres du covoiturage du ${formatDate(entry.date)}`}
                    onClick={() => setMembersOf(entry.match_id)}
                  >
                    Voir les membres
                  </Button>
                )}
                {own && kind(entry) === 'COVOITURAGE' && (
                  <RateButton matchId={entry.match_id} onRate={() => setRatingOf(entry.match_id)} />
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="card" aria-labelledby="profile-carpools">
        <h2 id="profile-carpools" className={styles['title']}>
          Covoiturages passés
        </h2>
        {carpools.length === 0 ? (
          <p className="empty-state">{username} n'a effectué aucun covoiturage cette saison.</p>
        ) : (
          <ul className={styles['rides']}>
            {carpools.map((entry) => (
              <PastCarpool key={entry.match_id} entry={entry} />
            ))}
          </ul>
        )}
      </section>

      <RatingDialog
        match={ratingOf === null ? null : { id: ratingOf, is_finish: true }}
        onClose={() => setRatingOf(null)}
      />
      {own && membersOf !== null && (
        <CarpoolMembersDialog
          matchId={membersOf}
          open
          onOpenChange={(open) => !open && setMembersOf(null)}
        />
      )}
    </>
  );
}

/**
 * 'NOTE TON COVOITURAGE' on a past carpool not rated yet: the home page offers it only on the
 * day after the match, the profile keeps it reachable.
 */
function RateButton({ matchId, onRate }: { matchId: number; onRate: () => void }) {
  const info = useMatchInfo(matchId);
  if (!info.data || info.data.note_submitted) return null;
  return (
    <Button variant="primary" small onClick={onRate}>
      NOTE TON COVOITURAGE
    </Button>
  );
}

function PastCarpool({ entry }: { entry: StadiumMatch }) {
  const real = entry.match.score_reel;
  const { conducteur, passagers } = entry.transport;
  return (
    <li className={styles['ride']}>
      <Crest name={entry.match.club_adverse.nom} logo={entry.match.club_adverse.logo} size={36} />
      <div>
        <p className={styles['ride__head']}>
          {formatDate(entry.date)} · {venue(entry)} · {entry.match.club_adverse.nom}
          {/* No-break spaces: a score never splits over two lines. */}
          {real && ` · ${real.buts_dom}\u00a0-\u00a0${real.buts_ext}`}
        </p>
        <p className={styles['ride__people']}>
          Conducteur : {conducteur ? <Person username={conducteur.username} /> : 'inconnu'}
        </p>
        <p className={styles['ride__people']}>
          Passagers :{' '}
          {passagers.length === 0
            ? 'Aucun passager'
            : passagers.map((p, i) => (
                <span key={`${p.username}-${i}`}>
                  {i > 0 && ', '}
                  <Person username={p.username} />
                </span>
              ))}
        </p>
      </div>
    </li>
  );
}

function Person({ username }: { username: string }) {
  if (isDeletedUsername(username)) return <span>Utilisateur introuvable</span>;
  return <Link to={`/profil/${encodeURIComponent(username)}`}>{username}</Link>;
}
