import { importJsonBodySchema, MATCH_TEXTS } from '@munegu/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';

import { AppError } from '../../lib/errors.js';
import { callerOf } from '../../plugins/auth.js';
import type { AdminMatchesService } from './admin-matches.service.js';
import { parseCsv } from './csv.js';
import type { ImportService } from './import.service.js';
import { endpoint } from '../../lib/endpoint.js';
import { acceptUploads } from '../../plugins/uploads.js';

const tags = ['admin'];
const IMPORT_MAX_BYTES = 1024 * 1024;

const actor = (req: FastifyRequest) => ({ id: callerOf(req).id, ip: req.ip });

/**
 * An uploaded file's text: UTF-8 (with or without its BOM) when it is valid UTF-8, else
 * Windows-1252, what French Excel writes in a plain « CSV (séparateur : point-virgule) »
 * save, so that its accented club names are read as typed instead of as « � ».
 */
function decodeUpload(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** Import rows from a multipart file (.csv or .json) or a JSON body { rows }. */
async function importRows(req: FastifyRequest): Promise<Record<string, unknown>[]> {
  if (!req.isMultipart()) {
    const parsed = importJsonBodySchema.safeParse(req.body);
    if (!parsed.success) throw new AppError('VALIDATION', MATCH_TEXTS.importFormat);
    return parsed.data.rows;
  }
  const file = await req.file({ limits: { fileSize: IMPORT_MAX_BYTES } });
  if (!file) throw new AppError('VALIDATION', MATCH_TEXTS.importFormat);
  const text = decodeUpload(await file.toBuffer());
  const isJson = file.filename.toLowerCase().endsWith('.json') || /^\s*[[{]/.test(text);
  if (!isJson) return parseCsv(text);
  try {
    const data: unknown = JSON.parse(text);
    const rows = Array.isArray(data) ? data : (data as { rows?: unknown }).rows;
    return importJsonBodySchema.parse({ rows }).rows;
  } catch {
    throw new AppError('VALIDATION', MATCH_TEXTS.importFormat);
  }
}

export const adminMatchesRoutes: FastifyPluginAsyncZod<{
  adminMatches: AdminMatchesService;
  imports: ImportService;
}> = async (app, { adminMatches, imports }) => {
  // This module's routes take file uploads (multipart bodies).
  await acceptUploads(app);
  // Every route here is for operators: 401 anonymous, 403 below MODERATEUR.
  app.addHook('onRequest', app.requireRole('MODERATEUR'));

  app.route({
    ...endpoint('GET /admin/matchs', { tags, summary: 'Matchs d’une saison (tous si absente)' }),
    handler: (req) => adminMatches.list(req.query.season),
  });
  app.route({
    ...endpoint('POST /admin/matchs', {
      tags,
      summary: 'Créer un match (coup d’envoi en heure de Paris)',
    }),
    handler: async (req, reply) =>
      reply.code(201).send(await adminMatches.create(req.body, actor(req))),
  });
  app.route({
    ...endpoint('PUT /admin/matchs/:id', { tags, summary: 'Modifier un match' }),
    handler: (req) => adminMatches.update(req.params.id, req.body, actor(req)),
  });
  app.route({
    ...endpoint('DELETE /admin/matchs/:id', {
      tags,
      summary: 'Supprimer un match (?pronostics=N : les N pronostics perdus, confirmés)',
    }),
    handler: (req) => adminMatches.remove(req.params.id, req.query.pronostics, actor(req)),
  });
  app.route({
    ...endpoint('PUT /admin/matchs/:id/score', {
      tags,
      summary: 'Saisir ou corriger le score final (recalcule points et classements)',
    }),
    handler: (req) => adminMatches.setScore(req.params.id, req.body, actor(req)),
  });
  app.route({
    ...endpoint('DELETE /admin/matchs/:id/score', {
      tags,
      summary: 'Effacer le score (le match redevient non terminé)',
    }),
    handler: (req) => adminMatches.setScore(req.params.id, null, actor(req)),
  });
  app.route({
    ...endpoint('PUT /admin/classement', { tags, summary: 'Remplacer le classement d’une saison' }),
    handler: (req) => adminMatches.replaceTable(req.body, actor(req)),
  });
  app.route({
    ...endpoint('POST /admin/import/matchs', {
      tags,
      summary: 'Importer des matchs (CSV ou JSON, ?dryRun=true pour un aperçu)',
    }),
    handler: async (req) => imports.matches(await importRows(req), req.query.dryRun, actor(req)),
  });
  app.route({
    ...endpoint('POST /admin/import/classement', {
      tags,
      summary: 'Importer un classement (CSV ou JSON, ?dryRun=true pour un aperçu)',
    }),
    handler: async (req) => imports.table(await importRows(req), req.query.dryRun, actor(req)),
  });
};
