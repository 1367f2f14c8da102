import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { LIMITS, isSafeText } from '@munegu/shared';
import { Avatar } from '../../../components/ui/Avatar';
import { LoadingOverlay } from '../../../components/ui/LoadingOverlay';
import { formatMessageTime } from '../../../lib/dates';
import { ABORTED, errorMessage } from '../../../lib/api';
import type { PublicProfile } from '../../profile/api';
import { messageKeys, sendMessage, useConversation } from '../api';

const INVALID = 'Le message contient des caractères interdits ou dépasse 1000 caractères.';

/** Header, bubbles with times and the input of a conversation (spec section 2, Messaging). */
export function ChatPanel({ other }: { other: PublicProfile }) {
  const queryClient = useQueryClient();
  const conversation = useConversation(other.id);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const endRef = useRef<HTMLLIElement>(null);
  const messages = conversation.data?.messages ?? [];
  const blocked = conversation.data?.meta?.blockedByUserId != null;

  useEffect(() => endRef.current?.scrollIntoView?.({ block: 'end' }), [messages.length]);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const content = text.trim();
    if (!content) return;
    if (content.length > LIMITS.messageMax || !isSafeText(content)) {
      toast.error(INVALID);
      return;
    }
    setSending(true);
    try {
      if ((await sendMessage(other.id, content)) === ABORTED) return;
      setText('');
      await queryClient.invalidateQueries({ queryKey: messageKeys.conversation(other.id) });
      await queryClient.invalidateQueries({ queryKey: messageKeys.conversations() });
    } catch (error) {
      toast.error(errorMessage(error, 'Une erreur est survenue.'));
    } finally {
      setSending(false);
    }
  };

  // Enter sends; Shift+Enter goes to a new line (spec section 5).
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <section className="chat" aria-label={`Discussion avec ${other.username}`}>
      <header className="chat__header">
        <Link to={`/profil/${encodeURIComponent(other.username)}`} className="chat__who">
          <Avatar username={other.username} picture={other.profile_picture} size={38} />
          <span>{other.username}</span>
        </Link>
      </header>
      <ol className="chat__messages" aria-live="polite">
        {conversation.isPending && <LoadingOverlay />}
        {conversation.isError && (
          <li className="chat__info error-text">Erreur lors du chargement de la conversation</li>
        )}
        {!conversation.isPending && !conversation.isError && messages.length === 0 && (
          <li className="chat__info">
            Aucun message pour l’instant. Dis bonjour à {other.username} !
          </li>
        )}
        {messages.map((message) => (
          <li key={message.id} className={`bubble${message.fromMe ? ' bubble--me' : ''}`}>
            <p className="bubble__text">{message.content}</p>
            <time className="bubble__time" dateTime={message.createdAt}>
              {formatMessageTime(message.createdAt)}
            </time>
          </li>
        ))}
        <li ref={endRef} aria-hidden="true" />
      </ol>
      <form className="chat__form" onSubmit={submit}>
        <label htmlFor="chat-input" className="visually-hidden">
          Votre message
        </label>
        <textarea
          id="chat-input"
          className="input chat__input"
          rows={1}
          maxLength={LIMITS.messageMax}
          placeholder={blocked ? 'Conversation bloquée' : 'Écris ton message…'}
          value={text}
          disabled={blocked || conversation.isError}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <button
          type="submit"
          className="btn btn--primary"
          disabled={sending || blocked || !text.trim()}
        >
          Envoyer
        </button>
      </form>
    </section>
  );
}
