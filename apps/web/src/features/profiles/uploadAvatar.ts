import { LIMITS, errorBodySchema } from '@munegu/shared';
import { ApiError, refreshAccessToken } from '../../lib/api';
import { getToken, isExpiringWithin } from '../../lib/token';

/** Accepted avatar types (spec section 5: png, jpg, jpeg, webp). */
export const AVATAR_EXTENSIONS = /\.(png|jpe?g|webp)$/i;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

export function isAcceptedAvatar(file: File): boolean {
  return AVATAR_TYPES.includes(file.type) && AVATAR_EXTENSIONS.test(file.name);
}

type Uploaded = { profile_picture: string; message?: string };

/**
 * POST /users/upload-profile-picture as multipart 'file'. XMLHttpRequest rather than fetch
 * because only it reports upload progress; it sends the same Bearer token and cookies as the
 * API client and renews the token as it does (lib/api.ts `apiRequest`): before the upload when
 * it is about to expire, else once after a 401 (a token renewed by another tab, a server
 * restarted with new keys), sending the photo again with the progress from zero.
 */
export async function uploadAvatar(
  file: File,
  onProgress: (ratio: number) => void,
): Promise<Uploaded> {
  let token = getToken();
  const renewFirst = token !== null && isExpiringWithin(token, LIMITS.tokenRefreshMarginApiMs);
  if (renewFirst) token = (await refreshAccessToken()) ?? token;
  try {
    return await send(file, token, onProgress);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401 || !token || renewFirst) throw error;
    const fresh = await refreshAccessToken();
    if (!fresh) throw error;
    onProgress(0);
    return send(file, fresh, onProgress);
  }
}

function send(
  file: File,
  token: string | null,
  onProgress: (ratio: number) => void,
): Promise<Uploaded> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${LIMITS.apiPrefix}/users/upload-profile-picture`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(0, 'Network error', { network: true }));
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(body as Uploaded);
        return;
      }
      const parsed = errorBodySchema.safeParse(body);
      reject(
        parsed.success
          ? new ApiError(xhr.status, parsed.data.message, {
              errors: parsed.data.errors,
              code: parsed.data.code,
              fromServer: true,
            })
          : new ApiError(xhr.status, xhr.statusText || `HTTP ${xhr.status}`),
      );
    };
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
