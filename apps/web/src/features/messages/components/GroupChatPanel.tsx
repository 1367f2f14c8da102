import { useEffect, useState } from 'react';
import {
  GROUP_TEXTS as G,
  isDeletedPseudo,
  plural,
  SOCKET_EVENTS,
  type GroupListItem,
  type GroupMessage,
} from '@munegu/shared';
import { LoadingOverlay } from '../../../components/ui/LoadingOverlay';
import { isApiError } from '../../../lib/api';
import { useQueryClient } from '@tanstack/react-query';
import {
  addToGroup,
  groupLabel,
  loadOlderGroupMessages,
  useGroupThread,
  useMarkGroupRead,
} from '../groups';
import { useGroupOutbox } from '../groupOutbox';
import { setActiveGroup, useSocketEvent } from '../realtime';
import { useOlderPages } from '../useOlderPages';
import { useChatOutbox } from '../chatOutbox';
import type { PendingMessage } from '../outbox';
import { BubbleFoot } from './BubbleFoot';
import { PendingBubbles } from './PendingBubbles';
import { useMessageReport } from './useMessageReport';
import { ChatInput, SEND_BLOCKED, type ChatNotice } from './ChatInput';
import messagesStyles from '../messages.module.css';
import listStyles from './MessageList.module.css';
import styles from './ChatPanel.module.css';
import { cx } from '../../../lib/cx';
import { useDraft } from '../draft';

/** Members named in a thread's header; more are folded behind their count. */
const MEMBERS_SHOWN = 6;
import { useChatSilence } from '../silence';

/**
 * A group thread (issue 30): the match it is for, its members, the bubbles with each sender's
 * name (text only, never HTML), an organiser's announcement set apart under its label, and the
 * shared message field. Live messages of this group are
 * added as they come and mark it read.
 */
export function GroupChatPanel({ group, me }: { group: GroupListItem; me: number }) {
  const qc = useQueryClient();
  const thread = useGroupThread(group.id);
  const markRead = useMarkGroupRead(group.id);
  const [draft, setDraft] = useDraft(me, `g${group.id}`);
  const [notice, setNotice] = useState<ChatNotice | null>(null);
  const outbox = useChatOutbox(useGroupOutbox(group.id), setDraft, setNotice);
  const label = groupLabel(group);
  const reporting = useMessageReport();
  const silenced = useChatSilence();

  useEffect(() => {
    setActiveGroup(group.id);
    markRead.mutate();
    return () => setActiveGroup(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opened group
  }, [group.id]);

  useSocketEvent(me, SOCKET_EVENTS.groupMessage, (event) => {
    if (event.groupId !== group.id) return;
    // This tab's own send reaches the thread with its answer (the outbox still shows it):
    // only another tab's is new here.
    if (event.senderId === me && outbox.isLeaving(event.content)) return;
    addToGroup(qc, group.id, [{ ...event, fromMe: event.senderId === me }]);
    if (event.senderId !== me) markRead.mutate();
  });

  const forbidden = isApiError(thread.error) && thread.error.status === 403;
  const names = group.members.map((m) => m.username).join(', ');
  // A car's few names fit a line; a coach's dozens would push the messages down a phone's screen.
  const folded = group.members.length > MEMBERS_SHOWN;

  return (
    <section className={styles['chat']} aria-label={label}>
      <header className={styles['chat__header']}>
        <div>
          <h2 className={messagesStyles['chat__title']}>{label}</h2>
          {folded ? (
            <details className={messagesStyles['chat__members']}>
              <summary>{plural(group.members.length, 'membre')}</summary>
              {names}
            </details>
          ) : (
            <p className={messagesStyles['chat__members']}>{names}</p>
          )}
        </div>
      </header>
      {thread.isPending ? (
        <div className={messagesStyles['chat__messages']}>
          <LoadingOverlay />
        </div>
      ) : thread.isError || !thread.data ? (
        <p className={cx(messagesStyles['chat__info'], 'error-text')}>
          {forbidden ? G.notMember : G.loadFailed}
        </p>
      ) : (
        <GroupMessageList
          groupId={group.id}
          messages={thread.data}
          pending={outbox.pending}
          onOlder={(older) => addToGroup(qc, group.id, older)}
          onReport={(message) =>
            reporting.report({
              userId: message.senderId,
              username: message.senderName,
              subject: { kind: 'message', text: message.content, groupMessageId: message.id },
            })
          }
        />
      )}
      <ChatInput
        value={draft}
        onChange={setDraft}
        disabled={forbidden || silenced !== null}
        placeholder={silenced ? SEND_BLOCKED : G.placeholder}
        notice={silenced ?? notice ?? outbox.burstNotice}
        onSend={outbox.send}
        onInvalid={(reason) => setNotice({ tone: 'error', text: reason })}
        onTyping={() => {}}
      />
      {reporting.dialog}
    </section>
  );
}

/** Bubbles oldest first; scrolling to the top loads the 20 before (fewer: no more). */
function GroupMessageList({
  groupId,
  messages,
  pending,
  onOlder,
  onReport,
}: {
  groupId: number;
  messages: GroupMessage[];
  /** My messages still on their way, after the stored ones. */
  pending: readonly PendingMessage[];
  onOlder: (older: GroupMessage[]) => void;
  /** Opens the report form about someone else's message. */
  onReport: (message: GroupMessage) => void;
}) {
  const { listRef, loading, onScroll } = useOlderPages({
    messages,
    load: (offset) => loadOlderGroupMessages(groupId, offset),
    onOlder,
    bottom: pending.length,
  });

  return (
    <ol className={messagesStyles['chat__messages']} ref={listRef} onScroll={onScroll}>
      {loading && <li className={messagesStyles['chat__info']}>Chargement…</li>}
      {messages.length === 0 && pending.length === 0 && (
        <li className={messagesStyles['chat__info']}>{G.empty}</li>
      )}
      {messages.map((message) => (
        <li
          key={message.id}
          className={cx(
            listStyles['bubble'],
            message.fromMe && listStyles['bubble--me'],
            message.annonce && messagesStyles['bubble--announcement'],
          )}
          data-testid="group-message"
        >
          {message.annonce && (
            <span className={messagesStyles['bubble__announcement']}>{G.announcement}</span>
          )}
          {!message.fromMe && (
            <span className={messagesStyles['bubble__sender']}>{message.senderName}</span>
          )}
          <p className={listStyles['bubble__text']}>{message.content}</p>
          <BubbleFoot
            createdAt={message.createdAt}
            {...(message.fromMe || isDeletedPseudo(message.senderName)
              ? {}
              : { report: { author: message.senderName, onReport: () => onReport(message) } })}
          />
        </li>
      ))}
      <PendingBubbles pending={pending} />
    </ol>
  );
}
