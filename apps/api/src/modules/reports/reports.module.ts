import type { Infra } from '../../infra.js';
import type { ApiRoutes } from '../module.js';
import { reportsRepository } from './reports.repository.js';
import { reportsRoutes } from './reports.routes.js';
import { reportsService } from './reports.service.js';

export function reportsModule({ db, transaction, clock, config }: Infra) {
  const reports = reportsService({
    repo: reportsRepository(db),
    transaction,
    clock,
    budget: config.accountBudgets.reports,
  });
  const routes: ApiRoutes = (api) => api.register(reportsRoutes, { reports });
  return { reports, routes };
}
