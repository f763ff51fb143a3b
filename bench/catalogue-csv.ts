// A CSV import of 10,000 products (issue 34: "10,000 rows in seconds"), through the REST service as the gateway sends
// it: the file previewed, then imported with the preview's confirmation; then a second file changing every one of
// their prices, previewed and imported the same way. Each step's wall time, on a shop of its own.
import { adminToken } from './servers.js';

export interface CatalogueImportResult {
  rows: number;
  /** New products: the preview, and the import. */
  new_preview_ms: number;
  new_import_ms: number;
  /** The same products, each price changed. */
  changed_preview_ms: number;
  changed_import_ms: number;
}

/** 10,000 rows of a catalogue (names, SKUs and descriptions like the demo's), at `cents` added to each price. */
function catalogueFile(rows: number, cents: number): string {
  const lines = ['name,description,price,quantity,sku'];
  for (let row = 0; row < rows; row += 1) {
    const price = ((row % 500) * 100 + 199 + cents) / 100;
    lines.push(
      `Bench Dressing ${row},"Sterile, breathable dressing number ${row} for wound care, in boxes of ${(row % 9) + 1}",` +
        `${price.toFixed(2)},${row % 90},BENCH-${row}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: Math.round(performance.now() - started), value };
}

export async function measureCatalogueImport(restUrl: string, rows = 10_000): Promise<CatalogueImportResult> {
  const token = await adminToken(restUrl);
  const send = async (csv: string, confirm?: string) => {
    const answer = await fetch(
      `${restUrl}/api/products/import${confirm ? `?confirm=${encodeURIComponent(confirm)}` : ''}`,
      { method: 'POST', headers: { 'content-type': 'text/csv', authorization: `Bearer ${token}` }, body: csv },
    );
    const body = (await answer.json()) as { confirmation: string | null; created: number; updated: number };
    if (answer.status !== 200) throw new Error(`import answered ${answer.status}: ${JSON.stringify(body)}`);
    return body;
  };
  const step = async (csv: string, expected: 'created' | 'updated') => {
    const preview = await timed(() => send(csv));
    const imported = await timed(() => send(csv, preview.value.confirmation!));
    if (imported.value[expected] !== rows)
      throw new Error(`the import ${expected} ${imported.value[expected]} products`);
    return [preview.ms, imported.ms];
  };
  const [newPreview, newImport] = await step(catalogueFile(rows, 0), 'created');
  const [changedPreview, changedImport] = await step(catalogueFile(rows, 1), 'updated');
  return {
    rows,
    new_preview_ms: newPreview!,
    new_import_ms: newImport!,
    changed_preview_ms: changedPreview!,
    changed_import_ms: changedImport!,
  };
}
