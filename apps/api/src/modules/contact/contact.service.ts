import type { ContactRequest } from '@munegu/shared';
import type { RunInTransaction } from '../../db/tx.js';
import { contactMail } from '../../lib/mail/templates.js';
import type { MailService } from '../mail/mail.service.js';
import { contactFields } from './contact.mapper.js';
import type { ContactRepository } from './contact.repository.js';

export interface ContactServiceDeps {
  repo: ContactRepository;
  mail: Pick<MailService, 'enqueue'>;
  transaction: RunInTransaction;
  contactEmail: string;
  associationName: string;
}

export function contactService({
  repo,
  mail,
  transaction,
  contactEmail,
  associationName,
}: ContactServiceDeps) {
  return {
    /** Stores the message and queues its forwarding in the same transaction: both or neither. */
    async submit(
      input: ContactRequest,
      meta: { ip: string | null; userId: number | null },
    ): Promise<void> {
      const content = contactMail(input, associationName);
      await transaction(async (tx) => {
        await repo.create({ ...contactFields(input), ...meta }, tx);
        await mail.enqueue({ to: contactEmail, kind: 'contact', ...content }, tx);
      });
    },
  };
}

export type ContactService = ReturnType<typeof contactService>;
