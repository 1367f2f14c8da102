import type { Infra } from '../../infra.js';
import type { ApiRoutes } from '../module.js';
import { contactRepository } from './contact.repository.js';
import { contactRoutes } from './contact.routes.js';
import { contactService } from './contact.service.js';

export function contactModule({ db, mail, transaction, config, site }: Infra) {
  const contact = contactService({
    repo: contactRepository(db),
    mail,
    transaction,
    contactEmail: config.contactEmail,
    associationName: site.associationName,
  });
  const routes: ApiRoutes = (api) => api.register(contactRoutes, { contact });
  return { contact, routes };
}
