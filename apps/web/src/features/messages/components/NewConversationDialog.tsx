import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { LIMITS, MESSAGING_TEXTS } from '@munegu/shared';
import { Avatar } from '../../../components/ui/Avatar';
import { ABORTED } from '../../../lib/api';
import { searchUsers, type Conversation, type UserSearchResult } from '../api';
import { Dialog } from '../../../components/ui/Dialog';
import styles from './NewConversationDialog.module.css';
import { Button } from '../../../components/ui/Button';

type Props = { open: boolean; onClose: () => void; conversations: Conversation[] };

/** Pseudo search (2 characters, 300 ms debounce), then open or start the conversation. */
export function NewConversationDialog({ open, onClose, conversations }: Props) {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<UserSearchResult[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [picked, setPicked] = useState<UserSearchResult | null>(null);
  // The query the results answer: 'nobody found' is said only once the search has answered.
  const [answered, setAnswered] = useState<string | null>(null);

  useEffect(() => {
    const q = query.trim();
    if (q.length < LIMITS.searchMinChars) {
      setResults([]);
      return;
    }
    const controller = new AbortController();
    const id = window.setTimeout(async () => {
      try {
        const found = await searchUsers(q, controller.signal);
        if (found === ABORTED) return;
        setResults(Array.isArray(found) ? found : []);
        setAnswered(q);
        setError(null);
      } catch {
        setError(MESSAGING_TEXTS.searchFailed);
      }
    }, LIMITS.searchDebounceMs);
    return () => {
      window.clearTimeout(id);
      controller.abort();
    };
  }, [query]);

  const searchRef = useRef<HTMLInputElement>(null);
  const existing = picked ? conversations.some((c) => c.userId === picked.id) : false;
  const close = () => {
    setQuery('');
    setPicked(null);
    onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      wide
      closeButton
      initialFocus={searchRef}
      title="Nouvelle discussion"
      description="Recherche un membre par son pseudo."
      descriptionClassName="field__hint"
    >
      <div className="field">
        <label htmlFor="new-conv-search" className="visually-hidden">
          Pseudo
        </label>
        <input
          ref={searchRef}
          id="new-conv-search"
          className="input"
          type="search"
          placeholder="Pseudo…"
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setPicked(null);
          }}
          autoComplete="off"
        />
      </div>
      {error && <p className="error-text">{error}</p>}
      {!error && !picked && results.length === 0 && answered === query.trim() && (
        <p className="field__hint" role="status">
          {MESSAGING_TEXTS.noMemberFound(answered)}
        </p>
      )}
      {!picked && results.length > 0 && (
        <ul className={styles['conv-search']}>
          {results.map((user) => (
            <li key={user.id}>
              <button
                type="button"
                className={styles['conv-search__item']}
                onClick={() => setPicked(user)}
              >
                <Avatar username={user.username} picture={user.profile_picture} size={32} />
                {user.username}
              </button>
            </li>
          ))}
        </ul>
      )}
      {picked && (
        <div className={styles['conv-preview']}>
          <Avatar username={picked.username} picture={picked.profile_picture} size={44} />
          <p>
            <strong>{picked.username}</strong>
            <br />
            {existing ? 'Ouvrir discussion existante' : 'Créer nouvelle discussion'}
          </p>
          <Button
            variant="primary"
            onClick={() => {
              close();
              navigate(`/messages/${encodeURIComponent(picked.username)}`, {
                state: { confirmed: true, compose: true },
              });
            }}
          >
            {existing ? 'Continuer' : 'Démarrer'}
          </Button>
        </div>
      )}
    </Dialog>
  );
}
