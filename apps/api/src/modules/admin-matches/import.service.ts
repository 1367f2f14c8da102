import {
  MATCH_TEXTS,
  isKickoffInSeason,
  parisDateTimeSchema,
  plural,
  pluralWord,
  seasonSchema,
  type ImportResult,
} from '@munegu/shared';
import type { RunInTransaction } from '../../db/tx.js';
import type { KickoffAnnouncer } from './kickoff-announcer.js';
import { AppError } from '../../lib/errors.js';
import type { AdminMatchesRepository, MatchFields } from './admin-matches.repository.js';
import type { Actor } from './admin-matches.service.js';
import { matchAudit, matchChanges, matchName } from './match-audit.js';
import { isValidParisTime, parisToUtc } from './paris-time.js';

type Raw = Record<string, unknown>;
interface Line<T> {
  line: number;
  ok: boolean;
  errors: string[];
  value: Raw;
  parsed?: T;
}

/** An integer field given as a JSON number or a string of digits, else a French error. */
function int(raw: Raw, key: string, min: number, max: number, errors: string[]): number {
  const v = raw[key];
  const n =
    typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v) : NaN;
  if (!Number.isInteger(n) || n < min || n > max) {
    errors.push(`${key} : entier entre ${min} et ${max} attendu.`);
    return 0;
  }
  return n;
}

/** The columns of each kind of file, as the import page documents them. */
const MATCH_COLUMNS = ['season', 'journee', 'kickoff', 'club_dom', 'club_ext', 'hashtag'] as const;
const TABLE_COLUMNS = [
  'season',
  'position',
  'club',
  'matchs_joues',
  'points',
  'diff_buts',
] as const;

const str = (raw: Raw, key: string) =>
  raw[key] === undefined || raw[key] === null ? '' : String(raw[key]).trim();

export function importService({
  repo,
  transaction,
  kickoffs,
}: {
  repo: AdminMatchesRepository;
  transaction: RunInTransaction;
  /** Announces the kickoffs an import moved, as the form does. */
  kickoffs: KickoffAnnouncer;
}) {
  /**
   * Resolves a club given by id or by exact name (any case), and names it for the preview: an
   * operator checks a line against the club they meant, not against its id.
   */
  async function clubResolver() {
    const clubs = await repo.allClubs();
    const byId = new Map(clubs.map((c) => [c.id, c]));
    const byName = new Map(clubs.map((c) => [c.name.toLowerCase(), c]));
    const find = (v: string) =>
      /^\d+$/.test(v) ? byId.get(Number(v)) : byName.get(v.toLowerCase());
    return {
      id(raw: Raw, key: string, errors: string[]): number {
        const v = str(raw, key);
        const club = find(v);
        if (club === undefined) errors.push(`${key} : club introuvable (« ${v} »).`);
        return club?.id ?? 0;
      },
      /** The club's name when the line names one, else the text as written. */
      label: (raw: Raw, key: string) => find(str(raw, key))?.name ?? str(raw, key),
    };
  }

  function season(raw: Raw, errors: string[]): string {
    const s = seasonSchema.safeParse(str(raw, 'season') || str(raw, 'saison'));
    if (!s.success) errors.push(MATCH_TEXTS.season);
    return s.success ? s.data : '';
  }

  /**
   * A line as the preview shows it: the documented columns (FORMATS on the import page) in
   * their order, what the file says (the Paris time as typed, a club by its name), whichever
   * spelling the file used (saison, date), so every line has the same columns.
   */
  function shown(raw: Raw, columns: readonly string[], labels: Record<string, string> = {}): Raw {
    const aliases: Record<string, string> = { season: 'saison', kickoff: 'date' };
    return Object.fromEntries(
      columns.map((c) => [c, labels[c] ?? (str(raw, c) || str(raw, aliases[c] ?? c))]),
    );
  }

  function summary<T>(lines: Line<T>[], dryRun: boolean, applied: boolean): ImportResult {
    const valid = lines.filter((l) => l.ok).length;
    return {
      dryRun,
      applied,
      total: lines.length,
      valid,
      lines: lines.map(({ line, ok, errors, value }) => ({ line, ok, errors, value })),
      message: applied
        ? `${plural(valid, 'ligne')} ${pluralWord(valid, 'importée')}.`
        : valid === lines.length
          ? `Aperçu : ${plural(valid, 'ligne')} ${pluralWord(valid, 'valide')}, rien n’a été enregistré.`
          : dryRun
            ? MATCH_TEXTS.importPreviewInvalid(lines.length - valid)
            : MATCH_TEXTS.importInvalid,
    };
  }

  return {
    async matches(rows: Raw[], dryRun: boolean, actor: Actor): Promise<ImportResult> {
      if (rows.length === 0) throw new AppError('VALIDATION', MATCH_TEXTS.importEmpty);
      const club = await clubResolver();
      const seen = new Set<string>();
      const lines: Line<MatchFields>[] = rows.map((raw, i) => {
        const errors: string[] = [];
        const s = season(raw, errors);
        const journee = int(raw, 'journee', 1, 99, errors);
        const kickoff = str(raw, 'kickoff') || str(raw, 'date');
        const k = parisDateTimeSchema.safeParse(kickoff);
        if (!k.success) errors.push(k.error.issues[0]?.message ?? MATCH_TEXTS.kickoff);
        else if (!isValidParisTime(kickoff)) errors.push(MATCH_TEXTS.kickoffNotOnCalendar);
        else if (s && !isKickoffInSeason(kickoff, s))
          errors.push(MATCH_TEXTS.kickoffOutsideSeason(s));
        const homeClubId = club.id(raw, 'club_dom', errors);
        const awayClubId = club.id(raw, 'club_ext', errors);
        if (homeClubId && homeClubId === awayClubId) errors.push(MATCH_TEXTS.sameClubs);
        const hashtag = str(raw, 'hashtag') || null;
        if (hashtag && !/^#[A-Za-z0-9_]{1,29}$/.test(hashtag)) errors.push(MATCH_TEXTS.hashtag);
        const round = `${s}/${journee}`;
        if (errors.length === 0 && seen.has(round))
          errors.push('Cette journée apparaît deux fois dans le fichier.');
        seen.add(round);
        const value = shown(raw, MATCH_COLUMNS, {
          club_dom: club.label(raw, 'club_dom'),
          club_ext: club.label(raw, 'club_ext'),
        });
        if (errors.length > 0) return { line: i + 1, ok: false, errors, value };
        const parsed = {
          season: s,
          matchday: journee,
          kickoffAt: parisToUtc(kickoff),
          hashtag,
          homeClubId,
          awayClubId,
        };
        return { line: i + 1, ok: true, errors, parsed, value };
      });
      const allOk = lines.every((l) => l.ok);
      if (dryRun || !allOk) return summary(lines, dryRun, false);
      const moved = await transaction(async (tx) => {
        const announcements = [];
        for (const l of lines) {
          const f = l.parsed!;
          const existing = await repo.byRound(f.season, f.matchday, tx);
          if (!existing) {
            await repo.create(tx, f);
            continue;
          }
          // A round already on the calendar is an edit, journaled and announced like the
          // form's: which fields changed, and a moved kickoff to the match's travellers.
          const before = (await repo.byId(existing.id, tx))!;
          await repo.update(tx, existing.id, f);
          const after = (await repo.byId(existing.id, tx))!;
          const changes = matchChanges(before, after);
          if (changes.changed.length === 0) continue;
          await repo.audit(
            tx,
            matchAudit(actor, 'match.update', existing.id, changes, matchName(before)),
          );
          announcements.push(await kickoffs.moved(tx, before, after));
        }
        await repo.audit(tx, {
          actorId: actor.id,
          ip: actor.ip,
          action: 'match.import',
          targetType: 'match',
          data: { lines: lines.length },
        });
        return announcements;
      });
      await kickoffs.announce(moved);
      return summary(lines, false, true);
    },

    async table(rows: Raw[], dryRun: boolean, actor: Actor): Promise<ImportResult> {
      if (rows.length === 0) throw new AppError('VALIDATION', MATCH_TEXTS.importEmpty);
      const club = await clubResolver();
      const seen = new Set<string>();
      type Row = {
        season: string;
        position: number;
        clubId: number;
        played: number;
        points: number;
        goalDiff: number;
      };
      const lines: Line<Row>[] = rows.map((raw, i) => {
        const errors: string[] = [];
        const s = season(raw, errors);
        const position = int(raw, 'position', 1, 40, errors);
        const clubId = club.id(raw, 'club', errors);
        const played = int(raw, 'matchs_joues', 0, 99, errors);
        const points = int(raw, 'points', 0, 300, errors);
        const goalDiff = int(raw, 'diff_buts', -300, 300, errors);
        if (errors.length === 0) {
          if (seen.has(`${s}/p${position}`) || seen.has(`${s}/c${clubId}`))
            errors.push(MATCH_TEXTS.tableDuplicate);
          seen.add(`${s}/p${position}`).add(`${s}/c${clubId}`);
        }
        const value = shown(raw, TABLE_COLUMNS, { club: club.label(raw, 'club') });
        if (errors.length > 0) return { line: i + 1, ok: false, errors, value };
        const parsed = { season: s, position, clubId, played, points, goalDiff };
        return { line: i + 1, ok: true, errors, parsed, value };
      });
      const allOk = lines.every((l) => l.ok);
      if (dryRun || !allOk) return summary(lines, dryRun, false);
      await transaction(async (tx) => {
        const seasons = [...new Set(lines.map((l) => l.parsed!.season))];
        for (const s of seasons)
          await repo.replaceTable(
            tx,
            s,
            lines
              .filter((l) => l.parsed!.season === s)
              .map(({ parsed }) => {
                const { season: _season, ...row } = parsed!;
                return row;
              }),
          );
        await repo.audit(tx, {
          actorId: actor.id,
          ip: actor.ip,
          action: 'classement.import',
          targetType: 'league_table',
          targetId: seasons.join(',').slice(0, 64),
          targetLabel: seasons.join(', ').slice(0, 200),
          data: { lines: lines.length },
        });
      });
      return summary(lines, false, true);
    },
  };
}

export type ImportService = ReturnType<typeof importService>;
