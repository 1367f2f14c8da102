import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/toast';
import { MESSAGING_TEXTS as M, SOCKET_EVENTS, type ConversationDetail } from '@munegu/shared';
import { Avatar } from '../../../components/ui/Avatar';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { LoadingOverlay } from '../../../components/ui/LoadingOverlay';
import type { PublicProfile } from '../../profiles';
import { addToConversation, messageKeys, useConversation } from '../api';
import { useBlockConversation, useConversationAction, useMarkRead, useOutbox } from '../mutations';
import { acquireSocket, releaseSocket } from '../../../lib/socket';
import { setActiveChat, useSocketEvent } from '../realtime';
import { useChatOutbox } from '../chatOutbox';
import { chatState, fill, seenMessageId } from '../rules';
import { ChatInput, SEND_BLOCKED, type ChatNotice } from './ChatInput';
import { ChatStatus } from './ChatStatus';
import { MessageList } from './MessageList';
import { useMessageReport } from './useMessageReport';
import messagesStyles from '../messages.module.css';
import styles from './ChatPanel.module.css';
import { cx } from '../../../lib/cx';
import { useDraft } from '../draft';
import { useChatSilence } from '../silence';

const TYPING_SHOWN_MS = 3_000;
const TYPING_EMIT_EVERY_MS = 2_000;

/**
 * The member a conversation is with: a profile, or what the conversation list knows of a
 * member who deleted their account (`gone`: no profile, the history read only).
 */
export type ChatPartner = Pick<PublicProfile, 'id' | 'username' | 'profile_picture'> & {
  gone?: boolean;
};

/** Header, bubbles and input of the conversation with `other` (spec sections 2 and 4). */

export function ChatPanel({ other, me }: { other: ChatPartner; me: number }) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const conversation = useConversation(other.id);
  // Opened from « Démarrer » / « Continuer » (the new conversation dialog), or after accepting
  // a request or unblocking: the member means to write, so the field takes the focus, which
  // would otherwise be left on the page's body where the button that was pressed went away.
  const [compose, setCompose] = useState(false);
  const composeAsked = (location.state as { compose?: boolean } | null)?.compose === true;
  useEffect(() => {
    if (composeAsked) setCompose(true);
  }, [location.key, composeAsked]);
  const composed = useCallback(() => setCompose(false), []);
  const [confirmBlock, setConfirmBlock] = useState(false);
  const reporting = useMessageReport();
  const silenced = useChatSilence();
  const [draft, setDraft] = useDraft(me, `u${other.id}`);
  const [notice, setNotice] = useState<ChatNotice | null>(null);
  const outbox = useChatOutbox(useOutbox(me, other.id), setDraft, setNotice);
  const markReadMutation = useMarkRead(other.id);
  const accept = useConversationAction(other.id, 'accept');
  const unblock = useConversationAction(other.id, 'unblock');
  const blockMutation = useBlockConversation();
  const busy = accept.isPending || unblock.isPending || blockMutation.isPending;
  const [typing, setTyping] = useState(false);
  const typingTimer = useRef<number | undefined>(undefined);
  const lastTypingEmit = useRef(0);
  const data = conversation.data;
  const meta = data?.meta;
  const conversationId = meta?.conversationId ?? null;
  const key = messageKeys.conversation(other.id);
  const refetch = () => qc.invalidateQueries({ queryKey: key });

  useEffect(() => {
    setActiveChat(other.id);
    return () => setActiveChat(null);
  }, [other.id]);

  // Opening a conversation (and every live message in it) marks it read and clears the dot.
  const markRead = (id: number) =>
    markReadMutation.mutate(id, { onError: () => toast.error(M.readFailed) });
  const markedFor = useRef<number | null>(null);
  useEffect(() => {
    if (conversationId === null || markedFor.current === conversationId) return;
    markedFor.current = conversationId;
    markRead(conversationId);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opened conversation
  }, [conversationId]);

  useSocketEvent(me, SOCKET_EVENTS.newMessage, (event) => {
    const mine = event.senderId === me && event.receiverId === other.id;
    const theirs = event.senderId === other.id && event.receiverId === me;
    if (!mine && !theirs) return;
    // This tab's own sends reach the cache with their answer (the outbox, which still shows
    // the one on its way, or waiting to go again after a lost answer): only another tab's are
    // new here.
    if (mine && data?.messages.some((m) => m.id === event.message.id)) return;
    if (mine && outbox.isLeaving(event.message.content)) return;
    addToConversation(qc, other.id, [{ ...event.message, fromMe: mine }]);
    if (theirs) {
      setTyping(false);
      markRead(event.message.conversationId);
    }
    // A request, an acceptance or a first message changes what the page allows: reload meta.
    if (!meta?.accepted || conversationId === null) void refetch();
  });
  useSocketEvent(me, SOCKET_EVENTS.messagesRead, (event) => {
    if (event.conversationId !== conversationId || event.readerId !== other.id) return;
    qc.setQueryData<ConversationDetail>(key, (old) =>
      old ? { ...old, meta: { ...old.meta, otherReadAt: event.readAt } } : old,
    );
  });
  // Blocked or unblocked by the other member (or in another tab of mine): the composer and the
  // status line follow at once, as a refetch would show them.
  useSocketEvent(me, SOCKET_EVENTS.conversationBlocked, (event) => {
    if (conversationId === null || event.conversationId !== conversationId) return;
    qc.setQueryData<ConversationDetail>(key, (old) =>
      old ? { ...old, meta: { ...old.meta, blockedByUserId: event.blockedByUserId } } : old,
    );
    if (event.blockedByUserId !== null) setTyping(false);
  });
  // The other member accepted my request: I may write again, without a reload.
  useSocketEvent(me, SOCKET_EVENTS.conversationAccepted, (event) => {
    if (conversationId === null || event.conversationId !== conversationId) return;
    qc.setQueryData<ConversationDetail>(key, (old) =>
      old ? { ...old, meta: { ...old.meta, accepted: true } } : old,
    );
  });
  useSocketEvent(me, SOCKET_EVENTS.typing, (event) => {
    if (event.conversationId !== conversationId || event.userId !== other.id) return;
    setTyping(true);
    window.clearTimeout(typingTimer.current);
    typingTimer.current = window.setTimeout(() => setTyping(false), TYPING_SHOWN_MS);
  });
  useEffect(() => () => window.clearTimeout(typingTimer.current), []);

  const emitTyping = () => {
    const now = Date.now();
    if (conversationId === null || now - lastTypingEmit.current < TYPING_EMIT_EVERY_MS) return;
    lastTypingEmit.current = now;
    const socket = acquireSocket(me);
    socket.emit(SOCKET_EVENTS.typing, { conversationId });
    releaseSocket(socket);
  };

  const { pending, burstNotice } = outbox;

  const block = () => {
    if (conversationId === null) return;
    blockMutation.mutate(conversationId, {
      onSuccess: () => {
        setConfirmBlock(false);
        toast.success(fill(M.youBlocked, other.username));
        navigate('/messages'); // after blocking, the chat is deselected (spec section 4)
      },
      onError: () => toast.error(M.blockFailed),
    });
  };

  const state = data && meta ? chatState(meta, data.messages, me, other.gone) : null;
  const canWrite = state?.kind === 'open' && silenced === null;

  return (
    <section className={styles['chat']} aria-label={`Discussion avec ${other.username}`}>
      <header className={styles['chat__header']}>
        {other.gone ? (
          <span className={styles['chat__who']}>
            <Avatar username={other.username} picture={null} size={38} gone />
            <span>{other.username}</span>
          </span>
        ) : (
          <Link
            to={`/profil/${encodeURIComponent(other.username)}`}
            className={styles['chat__who']}
          >
            <Avatar username={other.username} picture={other.profile_picture} size={38} />
            <span>{other.username}</span>
          </Link>
        )}
        {conversationId !== null && meta?.blockedByUserId === null && !other.gone && (
          <button
            type="button"
            className={cx('icon-btn', styles['chat__block'])}
            aria-label={`Bloquer ${other.username}`}
            title="Bloquer"
            onClick={() => setConfirmBlock(true)}
          >
            <BlockIcon />
          </button>
        )}
      </header>
      {conversation.isPending ? (
        <div className={messagesStyles['chat__messages']}>
          <LoadingOverlay />
        </div>
      ) : conversation.isError || !data ? (
        <p className={cx(messagesStyles['chat__info'], 'error-text')}>{M.loadConversationFailed}</p>
      ) : (
        <MessageList
          key={conversationId ?? 0}
          conversationId={conversationId}
          messages={data.messages}
          seenId={meta ? seenMessageId(meta, data.messages) : null}
          typingName={typing ? other.username : null}
          pending={pending}
          onOlder={(older) => addToConversation(qc, other.id, older)}
          {...(other.gone
            ? {}
            : {
                reportAs: {
                  author: other.username,
                  onReport: (message) =>
                    reporting.report({
                      userId: other.id,
                      username: other.username,
                      subject: { kind: 'message', text: message.content, messageId: message.id },
                    }),
                },
              })}
        />
      )}
      {state && conversationId !== null && (
        <ChatStatus
          state={state}
          name={other.username}
          busy={busy}
          onAccept={() =>
            accept.mutate(conversationId, {
              onSuccess: () => setCompose(true),
              onError: () => toast.error(M.acceptFailed),
            })
          }
          onUnblock={() =>
            unblock.mutate(conversationId, {
              onSuccess: () => {
                setCompose(true);
                toast.success(M.unblocked);
              },
              onError: () => toast.error(M.unblockFailed),
            })
          }
        />
      )}
      <ChatInput
        value={draft}
        onChange={setDraft}
        disabled={!canWrite}
        placeholder={
          canWrite ? 'Écris ton message…' : other.gone ? 'Envoi impossible' : SEND_BLOCKED
        }
        notice={silenced ?? notice ?? burstNotice}
        onSend={outbox.send}
        onInvalid={(reason) => setNotice({ tone: 'error', text: reason })}
        onTyping={emitTyping}
        focusWhenEnabled={compose}
        onFocused={composed}
      />
      {reporting.dialog}
      <ConfirmDialog
        open={confirmBlock}
        title={`Bloquer ${other.username} ?`}
        message="Plus aucun message ne pourra être échangé dans cette conversation tant qu’elle restera bloquée."
        confirmLabel="Bloquer"
        danger
        busy={busy}
        onConfirm={block}
        onCancel={() => setConfirmBlock(false)}
      />
    </section>
  );
}

function BlockIcon() {
  return (
    <svg
      width={22}
      height={22}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="12" r="9" />
      <path d="M5.6 5.6l12.8 12.8" />
    </svg>
  );
}
