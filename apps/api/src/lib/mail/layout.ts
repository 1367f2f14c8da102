/** Escapes a value for HTML text and attribute contexts. */
export function escapeHtml(value: unknown): string {
  return String(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export interface MailBlock {
  /** A paragraph of plain text (escaped in the HTML part, line breaks kept). */
  paragraph?: string;
  /** A call to action: a button in HTML, the bare URL in text. */
  action?: { label: string; url: string };
}

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/**
 * The one mail layout: a greeting, blocks and a signature, as a text part and an HTML part.
 * Every interpolated value goes through escapeHtml, so user input (a contact message, a
 * pseudo) can never inject markup into a mail.
 */
export function layout(opts: {
  subject: string;
  greeting: string;
  blocks: MailBlock[];
  signature: string;
}): MailContent {
  const text = [
    opts.greeting,
    '',
    ...opts.blocks.map((b) =>
      b.action ? `${b.action.label} : ${b.action.url}` : (b.paragraph ?? ''),
    ),
    '',
    opts.signature,
  ].join('\n');
  const body = opts.blocks
    .map((b) =>
      b.action
        ? `<p><a href="${escapeHtml(b.action.url)}" style="background:#e2001a;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(b.action.label)}</a></p>`
        : `<p>${escapeHtml(b.paragraph ?? '').replace(/\n/g, '<br>')}</p>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(opts.subject)}</title></head>
<body style="font-family:Arial,sans-serif;color:#222;max-width:600px;margin:auto">
<p>${escapeHtml(opts.greeting)}</p>
${body}
<p style="color:#666">${escapeHtml(opts.signature)}</p>
</body></html>`;
  return { subject: opts.subject, text, html };
}
