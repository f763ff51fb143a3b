// What a PDF says, as a reader would see it: each page's lines, top to bottom, the pieces of one line (its columns)
// joined by a space. Read by Mozilla's pdf.js (the reader Firefox uses), not by the library that wrote the file.
import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** pdf.js's own metrics of the standard fonts (Helvetica and the rest), which the invoices use. */
const STANDARD_FONTS = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

export async function pdfLines(bytes: Uint8Array): Promise<string[]> {
  const document = await getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl: STANDARD_FONTS,
    useSystemFonts: false,
    isEvalSupported: false,
  }).promise;
  const lines: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    // Pieces on one baseline (within a point) are one line, left to right.
    const rows = new Map<number, { x: number; text: string }[]>();
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '') continue;
      const y = Math.round(item.transform[5]);
      const key = [...rows.keys()].find((each) => Math.abs(each - y) <= 1) ?? y;
      rows.set(key, [...(rows.get(key) ?? []), { x: item.transform[4], text: item.str.trim() }]);
    }
    for (const [, pieces] of [...rows.entries()].sort(([a], [b]) => b - a))
      lines.push(
        pieces
          .sort((a, b) => a.x - b.x)
          .map((piece) => piece.text)
          .join(' '),
      );
  }
  await document.destroy();
  return lines;
}
