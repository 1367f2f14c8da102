import { FlagIcon } from '../../../components/ui/icons';
import { formatMessageTime } from '../../../lib/dates';
import styles from './MessageList.module.css';

type Props = {
  createdAt: string;
  /** The other member has read up to this message (private chats). */
  seen?: boolean;
  /** Someone else's message that can be reported: who wrote it, and what reporting opens. */
  report?: { author: string; onReport: () => void };
};

/** A bubble's last line: its time, and for others' messages a way to report it. */
export function BubbleFoot({ createdAt, seen = false, report }: Props) {
  return (
    <div className={styles['bubble__foot']}>
      {report && (
        <button
          type="button"
          className={styles['bubble__report']}
          aria-label={`Signaler ce message de ${report.author}`}
          title="Signaler ce message"
          onClick={report.onReport}
        >
          <FlagIcon size={14} />
        </button>
      )}
      <time className={styles['bubble__time']} dateTime={createdAt}>
        {formatMessageTime(createdAt)}
        {seen && <span className={styles['bubble__seen']}> · Vu</span>}
      </time>
    </div>
  );
}
