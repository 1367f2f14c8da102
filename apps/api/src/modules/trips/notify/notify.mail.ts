import { layout, type MailContent } from '../../../lib/mail/layout.js';

/**
 * A coach trip's news by mail (issue 30), for members who chose to get the app's
 * notifications by mail: the bell's sentence, the match, an announcement's own words (plain
 * text, escaped in the HTML part by the layout), where to look, and the stop link.
 */
export function tripMail(input: {
  pseudo: string;
  /** The bell's sentence (tripNoticeText). */
  sentence: string;
  /** 'AS Monaco – FC Nantes du 29/11' (notificationMatchLabel). */
  match: string;
  /** An announcement's text, quoted under the sentence. */
  announcement?: string;
  link: { label: string; url: string };
  stop: string;
  associationName: string;
}): MailContent {
  return layout({
    subject: `${input.associationName} : ${input.sentence}`,
    greeting: `Bonjour ${input.pseudo},`,
    blocks: [
      { paragraph: `Pour le match ${input.match} : ${input.sentence}` },
      ...(input.announcement
        ? [{ paragraph: `Message des organisateurs :\n${input.announcement}` }]
        : []),
      { action: input.link },
      {
        paragraph: `Tu ne veux plus recevoir ces e-mails ? Désactive les e-mails de l'application : ${input.stop}`,
      },
    ],
    signature: `— L'équipe ${input.associationName}`,
  });
}
