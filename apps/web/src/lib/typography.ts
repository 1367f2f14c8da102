/**
 * French typography for text written by editors: the space they type before « ! ? : ; » and
 * inside « » becomes a no-break space, so that a title never ends a line on its own « ! ».
 * Only spaces already there are changed; nothing is added, and the text stays text.
 */
export function keepPunctuationAttached(text: string): string {
  return text.replace(/ +(?=[!?:;»])/g, '\u00a0').replace(/(«) +/g, '$1\u00a0');
}
