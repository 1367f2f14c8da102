import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { LIMITS, messageContentSchema } from '@munegu/shared';
import styles from './ChatInput.module.css';
import { cx } from '../../../lib/cx';

/** A line under the field: why a text is back in it (error), or a wait to come (info). */
export type ChatNotice = { tone: 'error' | 'info'; text: string };

/** From this length on, the field says how long the message is against its limit. */
const COUNT_FROM = LIMITS.messageMax - 200;

/** The field's placeholder while the member may not write here for now (a request, a silence). */
export const SEND_BLOCKED = 'Envoi impossible pour le moment';

type Props = {
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  placeholder: string;
  notice: ChatNotice | null;
  /** A checked text leaves: the field is emptied at once, before any answer (issue 27). */
  onSend: (content: string) => void;
  /** A text the shared schema refuses stays in the field with this reason. */
  onInvalid: (reason: string) => void;
  onTyping: () => void;
  /**
   * The member just asked to write here (« Démarrer », an accepted request, an unblock): the
   * field takes the focus as soon as it may be written in, then `onFocused` is called.
   */
  focusWhenEnabled?: boolean;
  onFocused?: () => void;
};

/**
 * The message field: Enter sends, Shift+Enter goes to a new line (spec section 5). It is
 * never disabled while a message is on its way: the next one can be typed and sent at once.
 */
export function ChatInput({
  value,
  onChange,
  disabled,
  placeholder,
  notice,
  onSend,
  onInvalid,
  onTyping,
  focusWhenEnabled = false,
  onFocused,
}: Props) {
  const noticeId = useId();
  const countId = useId();
  // The length shows once a message nears its limit (spec: 1 000 characters), so a long text
  // is not refused by surprise on « Envoyer »; short messages keep a bare field.
  const length = value.length;
  const counted = length > COUNT_FROM;
  const over = length > LIMITS.messageMax;
  const fieldRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (!focusWhenEnabled || disabled) return;
    fieldRef.current?.focus();
    onFocused?.();
  }, [focusWhenEnabled, disabled, onFocused]);

  // The field grows with its text (texts handed back after a refusal can be several lines).
  // Browsers with CSS `field-sizing: content` do it themselves, the placeholder included.
  useLayoutEffect(() => {
    const el = fieldRef.current;
    if (!el || (typeof CSS !== 'undefined' && CSS.supports?.('field-sizing', 'content'))) return;
    el.style.height = 'auto';
    el.style.height = `${el.scrollHeight + el.offsetHeight - el.clientHeight}px`;
  }, [value]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (disabled || !value.trim()) return;
    // The same schema as the server: 1 to 1000 characters, no forbidden content.
    const parsed = messageContentSchema.safeParse(value);
    if (!parsed.success) {
      onInvalid(parsed.error.issues[0]?.message ?? 'Message invalide');
      return;
    }
    onSend(parsed.data);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form className={styles['chat__form']} onSubmit={submit}>
      <div className={styles['chat__row']}>
        <label htmlFor="chat-input" className="visually-hidden">
          Votre message
        </label>
        <textarea
          ref={fieldRef}
          id="chat-input"
          className={cx('input', styles['chat__input'])}
          rows={1}
          // One over the limit so an over-long paste reaches the schema and its message.
          maxLength={LIMITS.messageMax + 1}
          placeholder={placeholder}
          value={value}
          disabled={disabled}
          aria-invalid={notice?.tone === 'error' || undefined}
          aria-describedby={
            [counted && countId, notice && noticeId].filter(Boolean).join(' ') || undefined
          }
          onChange={(e) => {
            onChange(e.target.value);
            onTyping();
          }}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="btn btn--primary" disabled={disabled || !value.trim()}>
          Envoyer
        </button>
      </div>
      {counted && (
        <p id={countId} className={cx(styles['chat__count'], over && styles['chat__count--over'])}>
          {length} / {LIMITS.messageMax} caractères
        </p>
      )}
      {notice && (
        <p
          id={noticeId}
          className={cx(
            styles['chat__notice'],
            notice.tone === 'error' ? 'error-text' : styles['chat__notice--info'],
          )}
          role={notice.tone === 'error' ? 'alert' : 'status'}
        >
          {notice.text}
        </p>
      )}
    </form>
  );
}
