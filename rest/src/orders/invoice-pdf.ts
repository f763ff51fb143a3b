// A paid order's invoice as a PDF (issue 35, item 5), drawn by PDFKit from what the order kept when it was placed (its
// lines' names and prices, shipping, tax by rate, total) and when it was paid: a rate or a price changed later changes
// no invoice. A4, the standard Helvetica (its Latin-1 letters; a name in another script prints as the font can).
import PDFDocument from 'pdfkit';
import { type TaxGroup, linesSubtotalCents } from '../../../shop-rules/tax-rules.js';
import { invoiceNumber } from '../../../shop-rules/payment-rules.js';
import type { OrderWithItems } from './order.repository.js';

export interface InvoiceContext {
  /** SHOP_CURRENCY. */
  currency: string;
  /** SHOP_URL, printed at the foot. */
  shopUrl: string;
}

const PAGE_MARGIN = 50;
/** The columns of the lines' table: description, quantity, unit price, amount (x and width, in points). */
const COLUMNS = { name: [50, 250], quantity: [300, 50], price: [350, 95], amount: [445, 100] } as const;
const GREY = '#52606d';

const day = (iso: string) => iso.slice(0, 10);

/** The PDF of an order's invoice: number, dates, the buyer's address, the lines, the charges, how it was paid. */
export function invoicePdf(
  order: OrderWithItems,
  invoice: { number: number; issuedAt: string },
  context: InvoiceContext,
): Promise<Buffer> {
  const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: context.currency });
  const amount = (cents: number) => money.format(cents / 100);
  const title = `Invoice ${invoiceNumber(invoice.number)}`;
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE_MARGIN,
    info: { Title: title, Author: 'Medshop', Subject: `Medshop order #${order.id}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(22).text('Medshop');
  doc.moveDown(0.5);
  doc.fontSize(16).text(title);
  doc.font('Helvetica').fontSize(10).fillColor(GREY);
  doc.text(`Issued ${day(invoice.issuedAt)} for order #${order.id}, placed ${day(order.orderDate)}`);
  doc.moveDown();
  doc.fillColor('black').font('Helvetica-Bold').text('Billed and shipped to');
  doc.font('Helvetica').text(order.shippingAddress);
  doc.moveDown();

  // The lines: a long name wraps within its column, and the row grows with it.
  const row = (cells: Record<keyof typeof COLUMNS, string>, bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    const top = doc.y;
    const height = Math.max(
      ...Object.entries(cells).map(([column, text]) =>
        doc.heightOfString(text, { width: COLUMNS[column as keyof typeof COLUMNS][1] }),
      ),
    );
    if (top + height > doc.page.height - PAGE_MARGIN) doc.addPage();
    const y = doc.y;
    for (const [column, text] of Object.entries(cells)) {
      const [x, width] = COLUMNS[column as keyof typeof COLUMNS];
      doc.text(text, x, y, { width, align: column === 'name' ? 'left' : 'right' });
    }
    doc.x = PAGE_MARGIN;
    doc.y = y + height + 4;
  };
  const rule = () => {
    doc
      .moveTo(PAGE_MARGIN, doc.y)
      .lineTo(doc.page.width - PAGE_MARGIN, doc.y)
      .strokeColor('#d9e2ec')
      .stroke();
    doc.y += 4;
  };
  row({ name: 'Item', quantity: 'Qty', price: 'Unit price', amount: 'Amount' }, true);
  rule();
  for (const item of order.items)
    row({
      name: item.sku ? `${item.productName} (SKU ${item.sku})` : item.productName,
      quantity: String(item.quantity),
      price: amount(item.priceCents),
      amount: amount(item.subtotalCents),
    });
  rule();

  // The charges, as the order kept them.
  const total = (label: string, value: string, bold = false) =>
    row({ name: '', quantity: '', price: label, amount: value }, bold);
  const pricesIncludeTax = order.pricesIncludeTax === 1;
  total('Subtotal', amount(linesSubtotalCents({ ...order, pricesIncludeTax })));
  if (order.shippingMethod !== null) total(`Shipping, ${order.shippingMethod}`, amount(order.shippingCents));
  const groups = order.taxGroups === null ? [] : (JSON.parse(order.taxGroups) as TaxGroup[]);
  for (const group of groups)
    total(`${pricesIncludeTax ? 'Tax included' : 'Tax'}, ${group.basisPoints / 100} %`, amount(group.taxCents));
  total('Total', amount(order.totalCents), true);
  doc.moveDown();

  const method = order.paymentMethod === 'CARD' ? 'card' : 'bank transfer';
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(`Paid by ${method} on ${day(order.paidAt ?? invoice.issuedAt)}.`);
  if (order.paymentStatus === 'REFUNDED')
    doc.text(`The order was cancelled and the ${amount(order.totalCents)} paid was refunded.`);
  doc.moveDown(2);
  doc.fillColor(GREY).fontSize(9).text(`Medshop · ${context.shopUrl}`);
  doc.end();
  return finished;
}
