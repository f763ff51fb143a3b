// A paid order's invoice (issue 35): a PDF fetched through the gateway's /orders/{id}/invoice.pdf, beside the graph
// (files do not travel in it), with the session's token; saved under the name the shop gives it. A refusal is thrown
// with the shop's own message.
import { readToken } from './session';
import { saveFile } from './save-file';

export const invoicePath = (orderId: string) => `/orders/${encodeURIComponent(orderId)}/invoice.pdf`;

export async function downloadInvoice(orderId: string): Promise<void> {
  const token = readToken();
  let response: Response;
  try {
    response = await fetch(invoicePath(orderId), { headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new Error('The invoice could not be downloaded: the shop could not be reached. Please try again.');
  }
  if (!response.ok) {
    const refusal = (await response.json().catch(() => undefined)) as { message?: string } | undefined;
    throw new Error(refusal?.message ?? 'The invoice could not be downloaded. Please try again.');
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'invoice.pdf';
  saveFile(await response.blob(), name);
}
