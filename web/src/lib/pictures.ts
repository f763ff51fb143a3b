// Pictures admins upload for products (issue 34): sent to the gateway's /catalogue/pictures beside the graph (files do
// not travel in it), checked here first by type and size so that a wrong file is refused before it is sent.
import { MAX_PICTURE_BYTES, PICTURE_TOO_LARGE, PICTURE_TYPE_REFUSED, PICTURE_TYPES } from '@shop-rules/pictures';
import { readToken } from './session';

export const PICTURES_PATH = '/catalogue/pictures';

/** Why the shop would refuse this file, or undefined when it may be sent. */
export function pictureRefusal(file: File): string | undefined {
  if (!(PICTURE_TYPES as readonly string[]).includes(file.type)) return PICTURE_TYPE_REFUSED;
  if (file.size > MAX_PICTURE_BYTES) return PICTURE_TOO_LARGE;
  return undefined;
}

/** Uploads a picture; answers its address (an image URL as any other), or throws with the shop's reason. */
export async function uploadPicture(file: File): Promise<string> {
  const refusal = pictureRefusal(file);
  if (refusal) throw new Error(refusal);
  const token = readToken();
  let response: Response;
  try {
    response = await fetch(PICTURES_PATH, {
      method: 'POST',
      body: file,
      headers: { 'content-type': file.type, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  } catch {
    throw new Error('The shop could not be reached. Please try again.');
  }
  const answer = (await response.json().catch(() => ({}))) as { url?: string; message?: string };
  if (!response.ok || !answer.url) throw new Error(answer.message ?? 'Failed to upload the picture. Please try again.');
  return answer.url;
}
