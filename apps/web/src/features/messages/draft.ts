import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';

/**
 * The message field once texts that did not leave come back to it (refused, or their answer
 * lost): they go first, in the order they were sent, then what was typed since, one per line.
 * The field is emptied as a message leaves and stays writable, so it may hold a new text by
 * the time the answer comes; neither may overwrite the other. Shared by the 1:1 and the group
 * chats so both hand texts back the same way.
 */
export function withTextsBack(back: readonly string[], typed: string): string {
  return [...back, typed].filter((t) => t.trim()).join('\n');
}

/**
 * What is typed in a chat's field, kept per member and conversation for the tab's life: a
 * member who opens another conversation (on a phone, the list replaces the chat) and comes
 * back finds their unsent text. sessionStorage, not memory, so a reload keeps it too; keyed by
 * the member so that another account signed in later in the tab never sees it.
 */
export function useDraft(
  me: number,
  conversation: string,
): [string, Dispatch<SetStateAction<string>>] {
  const key = `munegu:brouillon:${me}:${conversation}`;
  const [draft, setDraft] = useState(() => readDraft(key));
  useEffect(() => writeDraft(key, draft), [key, draft]);
  return [draft, setDraft];
}

function readDraft(key: string): string {
  try {
    return sessionStorage.getItem(key) ?? '';
  } catch {
    return ''; // storage refused (private mode, quota): the draft lives with the page only
  }
}

function writeDraft(key: string, draft: string): void {
  try {
    if (draft) sessionStorage.setItem(key, draft);
    else sessionStorage.removeItem(key);
  } catch {
    // as above: nothing to keep it in
  }
}
