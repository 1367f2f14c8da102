import { useEffect, useState, useSyncExternalStore } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { MESSAGING_TEXTS as M } from '@munegu/shared';
import { onSessionEnd } from '../../lib/auth';
import type { ChatNotice } from './components/ChatInput';
import { withTextsBack } from './draft';
import { createOutbox, type Outbox, type OutboxDeps } from './outbox';

/**
 * One outbox per chat and query client (so per signed-in page; tests get fresh ones): it
 * outlives the chat that filled it, so switching chats in the middle of a burst still sends
 * the rest, and a refusal waits for the chat to be opened again. `id` names the chat
 * ('1:1:me:other', 'group:3').
 */
const outboxes = new WeakMap<QueryClient, Map<string, Outbox<never>>>();

export function keptOutbox<T>(qc: QueryClient, id: string, deps: () => OutboxDeps<T>): Outbox<T> {
  let byChat = outboxes.get(qc);
  if (!byChat) outboxes.set(qc, (byChat = new Map()));
  let box = byChat.get(id) as Outbox<T> | undefined;
  if (!box) {
    box = createOutbox(deps());
    byChat.set(id, box as Outbox<never>);
  }
  return box;
}

/**
 * A session ended in this tab (logout, account gone, a refresh the server refused): the queued
 * messages were the member's who left, and sent later they would go out under the token of
 * whoever signs in next. Every chat's outbox is closed and forgotten.
 */
export function dropChatOutboxes(qc: QueryClient): void {
  for (const box of outboxes.get(qc)?.values() ?? []) box.close();
  outboxes.delete(qc);
}
// Registered when a chat's code first loads: before that, no outbox exists to drop.
onSessionEnd(dropChatOutboxes);

/**
 * Whether a live push of the member's own message with `content` is the outbox's head, on its
 * way or waiting to go again after a lost answer: its answer will bring it, the push would
 * show it a second time beside its pending bubble.
 */
function leavingIn<T>(box: Outbox<T>, content: string): boolean {
  const head = box.getState().pending[0];
  return (head?.state === 'sending' || head?.state === 'offline') && head.content === content;
}

/**
 * The chat's side of its outbox, the same for a conversation and a group thread: `send`
 * queues a checked text (the field is emptied at once); texts that come back go into the
 * field before what was typed since, with their reason; while the server asks a burst to
 * wait, the line under the field says until when; closing the page with messages still
 * leaving makes the browser ask first.
 */
export function useChatOutbox<T>(
  box: Outbox<T>,
  setDraft: (update: (typed: string) => string) => void,
  setNotice: (notice: ChatNotice | null) => void,
) {
  const state = useSyncExternalStore(box.subscribe, box.getState);
  const { refused, pending } = state;
  const { takeRefused } = box;

  useEffect(() => {
    if (!refused) return;
    const back = takeRefused();
    if (!back) return;
    setDraft((typed) => withTextsBack(back.texts, typed));
    setNotice({ tone: 'error', text: back.reason });
  }, [refused, takeRefused, setDraft, setNotice]);

  const waitUntil = pending[0]?.state === 'waiting' ? pending[0].retryAt : null;
  const now = useSecondTick(waitUntil !== null);
  const burstNotice: ChatNotice | null =
    pending[0]?.state === 'offline'
      ? { tone: 'info', text: M.sendOffline }
      : waitUntil === null
        ? null
        : { tone: 'info', text: M.burstWait(Math.max(1, Math.ceil((waitUntil - now) / 1000))) };

  const leaving = pending.length > 0;
  useEffect(() => {
    if (!leaving) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [leaving]);

  const send = (content: string) => {
    setDraft(() => '');
    setNotice(null);
    box.push(content);
  };

  return { pending, burstNotice, send, isLeaving: (content: string) => leavingIn(box, content) };
}

/** Date.now(), refreshed every second while `active`. */
function useSecondTick(active: boolean): number {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => setTick((n) => n + 1), 1000);
    return () => window.clearInterval(timer);
  }, [active]);
  // Read at render, not kept from the last tick: the render that starts a wait would otherwise
  // count from a time long past (the page's opening) and say one second too many.
  return Date.now();
}
