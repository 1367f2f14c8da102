import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { toast } from '../../../components/ui/toast';
import { LIMITS, messageContentSchema } from '@munegu/shared';
import styles from './ChatInput.module.css';
import { cx } from '../../../lib/cx';

type Props = {
  disabled: boolean;
  placeholder: string;
  /** Resolves true when the message was sent (the field is then emptied). */
  onSend: (content: string) => Promise<boolean>;
  onTyping: () => void;
};

/** The message field: Enter sends, Shift+Enter goes to a new line (spec section 5). */
export function ChatInput({ disabled, placeholder, onSend, onTyping }: Props) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (sending || disabled || !text.trim()) return;
    // The same schema as the server: 1 to 1000 characters, no forbidden content.
    const parsed = messageContentSchema.safeParse(text);
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]?.message ?? 'Message invalide');
      return;
    }
    setSending(true);
    try {
      if (await onSend(parsed.data)) setText('');
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <form className={styles['chat__form']} onSubmit={submit}>
      <label htmlFor="chat-input" className="visually-hidden">
        Votre message
      </label>
      <textarea
        id="chat-input"
        className={cx('input', styles['chat__input'])}
        rows={1}
        // One over the limit so an over-long paste reaches the schema and its message.
        maxLength={LIMITS.messageMax + 1}
        placeholder={placeholder}
        value={text}
        disabled={disabled}
        onChange={(e) => {
          setText(e.target.value);
          onTyping();
        }}
        onKeyDown={onKeyDown}
      />
      <button
        type="submit"
        className="btn btn--primary"
        disabled={sending || disabled || !text.trim()}
      >
        Envoyer
      </button>
    </form>
  );
}
