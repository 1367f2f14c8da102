import { useState, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { GROUP_TEXTS as G, TEXTS } from '@munegu/shared';
import { Avatar } from '../../../components/ui/Avatar';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { LoadingOverlay } from '../../../components/ui/LoadingOverlay';
import { MessageIcon, PlusIcon, UsersIcon } from '../../../components/ui/icons';
import { useAuth } from '../../../lib/auth';
import { isDeletedUsername, useProfile } from '../../profiles';
import { useConversations } from '../api';
import { ChatPanel } from '../components/ChatPanel';
import { GroupChatPanel } from '../components/GroupChatPanel';
import { groupLabel, useGroups } from '../groups';
import { NewConversationDialog } from '../components/NewConversationDialog';
import styles from './MessagesPage.module.css';
import { cx } from '../../../lib/cx';
import { Button } from '../../../components/ui/Button';

export default function MessagesPage() {
  const { username, groupId: groupParam, userId: goneParam } = useParams();
  const groupId = groupParam === undefined ? undefined : Number(groupParam);
  const goneId = goneParam === undefined ? undefined : Number(goneParam);
  const { status, user } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  // Spec section 2: /messages/{username} is reached after confirming a redirect popup. Links
  // inside the messaging page carry `confirmed`; arriving from elsewhere (the profile's
  // 'Envoyer un message', a typed address) asks first.
  const arrivedConfirmed = (location.state as { confirmed?: boolean } | null)?.confirmed === true;
  const [confirmedFor, setConfirmedFor] = useState<string | null>(null);
  const confirmed = arrivedConfirmed || confirmedFor === username;
  const signedIn = status === 'authenticated';
  const conversations = useConversations(signedIn);
  const other = useProfile(signedIn ? username : undefined);
  const [dialogOpen, setDialogOpen] = useState(false);
  const list = Array.isArray(conversations.data) ? conversations.data : [];
  const groups = useGroups(signedIn);
  const groupList = Array.isArray(groups.data) ? groups.data : [];
  const openGroup = groupList.find((g) => g.id === groupId);
  const goneConversation = list.find((c) => c.deleted && c.userId === goneId);

  if (username && isDeletedUsername(username)) return <Navigate to="/404" replace />;
  if (status === 'loading') return <LoadingOverlay fullScreen />;

  if (!signedIn) {
    return (
      <section className={cx(styles['messages'], styles['messages--guest'])}>
        <div className={cx('card', styles['messages__guest'])}>
          <MessageIcon size={48} />
          <h1>Messagerie</h1>
          <p>Connecte-toi pour échanger avec les autres supporters.</p>
          <Link to="/login" className="btn btn--primary">
            Se connecter
          </Link>
        </div>
      </section>
    );
  }

  return (
    <div
      className={`${styles['messages']}${username || groupId || goneId ? ` ${styles['has-chat']}` : ''}`}
    >
      <h1 className="visually-hidden">Messagerie</h1>
      <aside className={styles['messages__sidebar']} aria-label="Discussions">
        <div className={styles['messages__sidebar-head']}>
          <h2>Discussions</h2>
          <Button variant="primary" small onClick={() => setDialogOpen(true)}>
            <PlusIcon size={16} /> Nouvelle discussion
          </Button>
        </div>
        {conversations.isError ? (
          <p className={cx(styles['messages__empty'], 'error-text')}>
            Erreur lors du chargement des messages.
          </p>
        ) : list.length === 0 ? (
          <p className={styles['messages__empty']}>
            {conversations.isPending ? 'Chargement…' : 'Aucune discussion pour le moment.'}
          </p>
        ) : (
          <ul className={styles['messages__list']}>
            {list.map((conv) => (
              <ThreadLink
                key={conv.id}
                to={
                  conv.deleted
                    ? `/messages/compte-supprime/${conv.userId}`
                    : `/messages/${encodeURIComponent(conv.username)}`
                }
                active={
                  conv.deleted
                    ? goneId === conv.userId
                    : username?.toLowerCase() === conv.username.toLowerCase()
                }
                unread={conv.hasUnread}
              >
                <Avatar
                  username={conv.username}
                  picture={conv.avatar}
                  size={40}
                  gone={conv.deleted}
                />
                <span className={styles['messages__conv-name']}>{conv.username}</span>
              </ThreadLink>
            ))}
          </ul>
        )}
        {groupList.length > 0 && (
          <>
            <h2 className={styles['messages__section']}>{G.section}</h2>
            <ul className={styles['messages__list']} aria-label={G.section}>
              {groupList.map((group) => (
                <ThreadLink
                  key={group.id}
                  to={`/messages/groupes/${group.id}`}
                  active={group.id === groupId}
                  unread={group.unread > 0}
                >
                  <span className={styles['messages__group-icon']} aria-hidden="true">
                    <UsersIcon size={20} />
                  </span>
                  {/* A bare count in the circle read as an unread count: it says what it is. */}
                  <span className={styles['messages__conv-name']}>
                    {groupLabel(group)}
                    <span className="visually-hidden">, </span>
                    <span className={styles['messages__conv-sub']}>
                      {group.members.length} membre{group.members.length > 1 ? 's' : ''}
                    </span>
                  </span>
                </ThreadLink>
              ))}
            </ul>
          </>
        )}
      </aside>
      <div className={styles['messages__main']}>
        {goneId !== undefined ? (
          goneConversation && user ? (
            <>
              <Link to="/messages" className={styles['messages__back']}>
                ← Discussions
              </Link>
              <ChatPanel
                key={`gone-${goneConversation.userId}`}
                other={{
                  id: goneConversation.userId,
                  username: goneConversation.username,
                  profile_picture: null,
                  gone: true,
                }}
                me={user.id}
              />
            </>
          ) : conversations.isPending ? (
            <LoadingOverlay />
          ) : (
            <Navigate to="/404" replace />
          )
        ) : groupId !== undefined ? (
          openGroup && user ? (
            <>
              <Link to="/messages" className={styles['messages__back']}>
                ← Discussions
              </Link>
              <GroupChatPanel key={openGroup.id} group={openGroup} me={user.id} />
            </>
          ) : groups.isPending ? (
            <LoadingOverlay />
          ) : (
            <p className={cx(styles['messages__placeholder'], 'error-text')}>{G.notFound}</p>
          )
        ) : !username ? (
          <p className={styles['messages__placeholder']}>{TEXTS.messaging.placeholder}</p>
        ) : other.isPending ? (
          <LoadingOverlay />
        ) : other.data === null ? (
          <Navigate to="/404" replace />
        ) : other.data && !confirmed ? (
          <ConfirmDialog
            open
            title="Messagerie"
            message={`Ouvrir la discussion avec ${other.data.username} ?`}
            confirmLabel="Continuer"
            onConfirm={() => setConfirmedFor(username)}
            onCancel={() => navigate('/messages', { replace: true })}
          />
        ) : other.data && user ? (
          <>
            <Link to="/messages" className={styles['messages__back']}>
              ← Discussions
            </Link>
            <ChatPanel key={other.data.id} other={other.data} me={user.id} />
          </>
        ) : (
          <p className={cx(styles['messages__placeholder'], 'error-text')}>
            Erreur lors du chargement de la conversation
          </p>
        )}
      </div>
      <NewConversationDialog
        open={dialogOpen}
        onClose={() => setDialogOpen(false)}
        conversations={list}
      />
    </div>
  );
}

/**
 * One entry of the sidebar, a conversation or a group: marked while open, dotted while unread.
 * Links inside the messaging page carry `confirmed` (no redirect popup).
 */
function ThreadLink({
  to,
  active,
  unread,
  children,
}: {
  to: string;
  active: boolean;
  unread: boolean;
  children: ReactNode;
}) {
  return (
    <li>
      <Link
        to={to}
        state={{ confirmed: true }}
        className={cx(styles['messages__conv'], active && 'is-active')}
        aria-current={active ? 'page' : undefined}
      >
        {children}
        {unread && (
          <span className={styles['messages__dot']}>
            <span className="visually-hidden">Non lu</span>
          </span>
        )}
      </Link>
    </li>
  );
}
