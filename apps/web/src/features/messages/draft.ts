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
