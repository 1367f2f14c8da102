import {
  adminMatchInputSchema,
  adminMatchListQuerySchema,
  adminMatchSchema,
  idParamSchema,
  importJsonBodySchema,
  importQuerySchema,
  importResultSchema,
  leagueTableInputSchema,
  MATCH_MESSAGES,
  matchScoreInputSchema,
  messageResponseSchema,
} from '@munegu/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/errors.js';
import { callerOf } from '../../plugins/auth.js';
import type { AdminMatchesService } from './admin-matches.service.js';
import { parseCsv } from './csv.js';
import type { ImportService } from './import.service.js';

const tags = ['admin'];
const IMPORT_MAX_BYTES = 1024 * 1024;

const actor = (req: FastifyRequest) => ({ id: callerOf(req).id, ip: req.ip });

/** Import rows from a multipart file (.csv or .json) or a JSON body { rows }. */
async function importRows(req: FastifyRequest): Promise<Record<string, unknown>[]> {
  if (!req.isMultipart()) {
    const parsed = importJsonBodySchema.safeParse(req.body);
    if (!parsed.success) throw new AppError('VALIDATION', MATCH_MESSAGES.importFormat);
    return parsed.data.rows;
  }
  const file = await req.file({ limits: { fileSize: IMPORT_MAX_BYTES } });
  if (!file) throw new AppError('VALIDATION', MATCH_MESSAGES.importFormat);
  const text = (await file.toBuffer()).toString('utf8');
  const isJson = file.filename.toLowerCase().endsWith('.json') || /^\s*[[{]/.test(text);
  if (!isJson) return parseCsv(text);
  try {
    const data: unknown = JSON.parse(text);
    const rows = Array.isArray(data) ? data : (data as { rows?: unknown }).rows;
    return importJsonBodySchema.parse({ rows }).rows;
  } catch {
    throw new AppError('VALIDATION', MATCH_MESSAGES.importFormat);
  }
}

export const adminMatchesRoutes: FastifyPluginAsyncZod<{
  adminMatches: AdminMatchesService;
  imports: ImportService;
}> = async (app, { adminMatches, imports }) => {
  // Every route here is for operators: 401 anonymous, 403 below MODERATEUR.
  app.addHook('onRequest', app.requireRole('MODERATEUR'));

  app.get(
    '/admin/matchs',
    {
      schema: {
        tags,
        summary: 'Matchs d’une saison (tous si absente)',
        querystring: adminMatchListQuerySchema,
        response: { 200: z.array(adminMatchSchema) },
      },
    },
    (req) => adminMatches.list(req.query.season),
  );
  app.post(
    '/admin/matchs',
    {
      schema: {
        tags,
        summary: 'Créer un match (coup d’envoi en heure de Paris)',
        body: adminMatchInputSchema,
        response: { 201: adminMatchSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await adminMatches.create(req.body, actor(req))),
  );
  app.put(
    '/admin/matchs/:id',
    {
      schema: {
        tags,
        summary: 'Modifier un match',
        params: idParamSchema,
        body: adminMatchInputSchema,
        response: { 200: adminMatchSchema },
      },
    },
    (req) => adminMatches.update(req.params.id, req.body, actor(req)),
  );
  app.delete(
    '/admin/matchs/:id',
    {
      schema: {
        tags,
        summary: 'Supprimer un match sans pronostic',
        params: idParamSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (req) => {
      await adminMatches.remove(req.params.id, actor(req));
      return { message: 'Match supprimé.' };
    },
  );
  app.put(
    '/admin/matchs/:id/score',
    {
      schema: {
        tags,
        summary: 'Saisir ou corriger le score final (recalcule points et classements)',
        params: idParamSchema,
        body: matchScoreInputSchema,
        response: { 200: adminMatchSchema },
      },
    },
    (req) => adminMatches.setScore(req.params.id, req.body, actor(req)),
  );
  app.delete(
    '/admin/matchs/:id/score',
    {
      schema: {
        tags,
        summary: 'Effacer le score (le match redevient non terminé)',
        params: idParamSchema,
        response: { 200: adminMatchSchema },
      },
    },
    (req) => adminMatches.setScore(req.params.id, null, actor(req)),
  );
  app.put(
    '/admin/classement',
    {
      schema: {
        tags,
        summary: 'Remplacer le classement d’une saison',
        body: leagueTableInputSchema,
        response: { 200: messageResponseSchema },
      },
    },
    (req) => adminMatches.replaceTable(req.body, actor(req)),
  );
  app.post(
    '/admin/import/matchs',
    {
      schema: {
        tags,
        summary: 'Importer des matchs (CSV ou JSON, ?dryRun=true pour un aperçu)',
        querystring: importQuerySchema,
        response: { 200: importResultSchema },
      },
    },
    async (req) => imports.matches(await importRows(req), req.query.dryRun, actor(req)),
  );
  app.post(
    '/admin/import/classement',
    {
      schema: {
        tags,
        summary: 'Importer un classement (CSV ou JSON, ?dryRun=true pour un aperçu)',
        querystring: importQuerySchema,
        response: { 200: importResultSchema },
      },
    },
    async (req) => imports.table(await importRows(req), req.query.dryRun, actor(req)),
  );
};
