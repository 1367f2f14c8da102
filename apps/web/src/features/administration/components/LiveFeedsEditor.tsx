import { Crest } from '../../../components/ui/Crest';
import { useClubFeeds } from '../api';
import { useSaveLiveFeed } from '../mutations';
import shared from '../administration.module.css';
import { ListState } from './ListState';
import { RowForm, type RowField } from './RowForm';
import { useEditingRow } from './useEditingRow';
import { Button } from '../../../components/ui/Button';

const FIELDS: RowField[] = [
  { name: 'url', label: 'Lien du direct (https)', type: 'url', placeholder: 'https://…' },
];

/**
 * Each club's live feed, linked by the match block while the match is played (AS Monaco's
 * first; without one, the site's default link).
 */
export function LiveFeedsEditor() {
  const clubs = useClubFeeds();
  const save = useSaveLiveFeed();
  const { editing, start, stop, editButton } = useEditingRow('directs');
  const submit = (id: number) => async (v: Record<string, string>) => {
    const ok = await save.mutateAsync({ id, url: v['url']?.trim() || null }).then(
      () => true,
      () => false,
    );
    if (ok) stop();
    return ok;
  };
  return (
    <section className={`card ${shared['panel']}`} aria-labelledby="adm-feeds">
      <h2 id="adm-feeds">Directs des clubs</h2>
      <p className={shared['hint']}>
        Lien « Suivre le match en direct » ; vide, le lien par défaut du site est utilisé. Le lien
        de billetterie se règle par match, dans l’onglet Matchs.
      </p>
      <ListState query={clubs} empty="Aucun club.">
        {(rows) => (
          <ul className={shared['rows']}>
            {rows.map((c) => (
              <li key={c.id} className={shared['row']}>
                <Crest name={c.nom} logo={c.logo} size={28} />
                {editing === c.id ? (
                  <RowForm
                    fields={FIELDS}
                    initial={{ url: c.live_feed_url ?? '' }}
                    submitLabel="Enregistrer"
                    busy={save.isPending}
                    onSubmit={submit(c.id)}
                    onCancel={stop}
                  />
                ) : (
                  <>
                    <span className={shared['row__main']}>
                      <strong>{c.nom}</strong>{' '}
                      <span className={shared['muted']}>
                        {c.live_feed_url ?? 'lien par défaut'}
                      </span>
                    </span>
                    <Button
                      variant="outline"
                      small
                      aria-label={`Modifier le direct de ${c.nom}`}
                      {...editButton(c.id)}
                      onClick={() => start(c.id)}
                    >
                      Modifier
                    </Button>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </ListState>
    </section>
  );
}
