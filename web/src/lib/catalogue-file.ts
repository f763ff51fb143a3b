// The catalogue as a CSV file (issue 34): exported, previewed and imported through the gateway's
// /catalogue/products.csv, beside the graph (files do not travel in it). Each call carries the session's token; a
// refusal is thrown as a CatalogueFileError with the shop's own message.
import type { ImportAnswer } from '@shop-rules/product-csv-columns';
import { readToken } from './session';

export type { ImportAnswer };

export const CATALOGUE_FILE_PATH = '/catalogue/products.csv';

export class CatalogueFileError extends Error {
  constructor(
    message: string,
    /** The shop's code for it: IMPORT_CHANGED when the catalogue changed since the preview. */
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'CatalogueFileError';
  }
}

async function send(init: RequestInit & { query?: string }, failure: string): Promise<Response> {
  const token = readToken();
  let response: Response;
  try {
    response = await fetch(`${CATALOGUE_FILE_PATH}${init.query ?? ''}`, {
      ...init,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(init.headers as Record<string, string>) },
    });
  } catch {
    throw new CatalogueFileError(`${failure}: the shop could not be reached. Please try again.`, undefined);
  }
  if (response.ok) return response;
  const refusal = (await response.json().catch(() => undefined)) as { message?: string; code?: string } | undefined;
  throw new CatalogueFileError(refusal?.message ?? `${failure}. Please try again.`, refusal?.code);
}

/** The whole catalogue as a file, with the name the shop gives it. */
export async function exportCatalogue(): Promise<{ file: Blob; name: string }> {
  const response = await send({ method: 'GET' }, 'Failed to export the catalogue');
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'products.csv';
  return { file: await response.blob(), name };
}

/** What importing the file would do; with `confirmation` (its preview's), the import itself. */
export async function importCatalogue(text: string, confirmation?: string): Promise<ImportAnswer> {
  const response = await send(
    {
      method: 'POST',
      body: text,
      headers: { 'content-type': 'text/csv' },
      query: confirmation ? `?${new URLSearchParams({ confirm: confirmation }).toString()}` : '',
    },
    confirmation ? 'Failed to import the file' : 'Failed to read the file',
  );
  return (await response.json()) as ImportAnswer;
}

export { saveFile } from './save-file';
