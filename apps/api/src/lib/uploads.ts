import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.js';
import { IMAGE_PROFILES, type ImageProfileName } from './images.js';

const MISSING = 'Aucun fichier reçu (champ « file »).';

/**
 * The multipart field `file` of an image upload, as bytes, read with the profile's byte cap so
 * a large upload is cut while streaming, never held in memory whole. Routes call this, then
 * hand the bytes to a service that calls `reencodeImage` with the same profile.
 */
export async function readImageUpload(
  req: FastifyRequest,
  profile: ImageProfileName,
  missingMessage = MISSING,
): Promise<Buffer> {
  const { maxBytes } = IMAGE_PROFILES[profile];
  if (!req.isMultipart()) throw new AppError('VALIDATION', missingMessage);
  const part = await req.file({ limits: { fileSize: maxBytes } });
  if (!part || part.fieldname !== 'file') throw new AppError('VALIDATION', missingMessage);
  try {
    return await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        `Fichier trop volumineux : ${Math.round(maxBytes / (1024 * 1024))} Mo maximum.`,
      );
    throw error;
  }
}
