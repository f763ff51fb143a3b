// The Import and Export screen: the network edge (the gateway's /catalogue/products.csv) is stubbed at fetch; what
// the REST service decides is tested against the real service in rest/test/catalogue-csv.test.ts and through the
// gateway in gateway/test/catalogue-files.test.ts.
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionMock } from '@/testing/fixtures';
import { TEST_TOKEN, renderApp } from '@/testing/render';
import type { ImportAnswer } from '@/lib/catalogue-file';

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

let sent: Sent[] = [];

/** The gateway's answers, one per request in turn. */
function stubGateway(...answers: Response[]) {
  sent = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    sent.push({ url, method: init.method!, headers: init.headers as Record<string, string>, body: init.body });
    const answer = answers.shift();
    return answer ? Promise.resolve(answer) : Promise.reject(new TypeError('Failed to fetch'));
  });
}
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const answer = (fields: Partial<ImportAnswer>): ImportAnswer => ({
  created: 0,
  updated: 0,
  unchanged: 0,
  problemCount: 0,
  problems: [],
  changes: [],
  confirmation: null,
  imported: false,
  ...fields,
});

const CSV = 'id,name,description,price,quantity\n1,Gauze,Sterile,2.50,10\n,Tape,Sticky,1.00,5\n';
const csvFile = (text = CSV, name = 'catalogue.csv') => new File([text], name, { type: 'text/csv' });

afterEach(() => {
  vi.unstubAllGlobals();
});

const open = () => renderApp({ path: '/admin/import', mocks: [sessionMock({ isAdmin: true })] });

describe('the Import and Export screen', () => {
  it('previews a chosen file, then imports what it showed with the preview’s confirmation', async () => {
    const { user } = open();
    const changes = [
      { line: 2, action: 'update' as const, id: 1, name: 'Gauze', fields: ['price', 'lowStockThreshold'] },
      { line: 3, action: 'create' as const, id: null, name: 'Tape', fields: ['name'] },
    ];
    stubGateway(
      json(200, answer({ created: 1, updated: 1, unchanged: 4, changes, confirmation: 'digest-1' })),
      json(200, answer({ created: 1, updated: 1, unchanged: 4, changes, imported: true })),
    );
    await user.upload(await screen.findByLabelText('Choose a CSV file'), csvFile());
    expect(await screen.findByText(/1 new product, 1 product changed, 4 unchanged/)).toHaveTextContent(
      'catalogue.csv: 1 new product, 1 product changed, 4 unchanged.',
    );
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows.map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      ['Line', 'Product', 'Change'],
      ['2', 'Gauze', 'price, low stock threshold'],
      ['3', 'Tape', 'New'],
    ]);
    expect(sent).toEqual([
      {
        url: '/catalogue/products.csv',
        method: 'POST',
        headers: { authorization: `Bearer ${TEST_TOKEN}`, 'content-type': 'text/csv' },
        body: CSV,
      },
    ]);

    await user.click(screen.getByRole('button', { name: 'Import 2 products' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Imported catalogue.csv: 1 product created, 1 product changed.',
    );
    expect(sent[1]).toMatchObject({ url: '/catalogue/products.csv?confirm=digest-1', method: 'POST', body: CSV });
  });

  it('lists every problem with its line and column, and offers no import', async () => {
    const { user } = open();
    stubGateway(
      json(
        200,
        answer({
          created: 1,
          problemCount: 2,
          problems: [
            { line: 2, column: 'price', message: 'Price must be an amount such as 12.50' },
            { line: 5, column: null, message: 'The row has 3 cells where the header has 5' },
          ],
        }),
      ),
    );
    await user.upload(await screen.findByLabelText('Choose a CSV file'), csvFile());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'catalogue.csv has 2 problems. Fix them in the file and choose it again: nothing has been imported.',
    );
    expect(
      within(screen.getByRole('list', { name: 'Problems in the file' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Line 2, price: Price must be an amount such as 12.50',
      'Line 5: The row has 3 cells where the header has 5',
    ]);
    expect(screen.queryByRole('button', { name: /^Import/ })).toBeNull();
  });

  it('says when the catalogue changed since the preview, and previews the same file again', async () => {
    const { user } = open();
    const changes = [{ line: 2, action: 'update' as const, id: 1, name: 'Gauze', fields: ['quantity'] }];
    stubGateway(
      json(200, answer({ updated: 1, changes, confirmation: 'digest-1' })),
      json(409, {
        message: 'The catalogue or the file changed since the preview: preview the file again. Nothing was imported',
        code: 'IMPORT_CHANGED',
        field: 'confirm',
      }),
      json(200, answer({ updated: 1, changes, confirmation: 'digest-2' })),
    );
    await user.upload(await screen.findByLabelText('Choose a CSV file'), csvFile());
    await user.click(await screen.findByRole('button', { name: 'Import 1 product' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The catalogue or the file changed since the preview: preview the file again. Nothing was imported',
    );
    await user.click(screen.getByRole('button', { name: 'Preview again' }));
    expect(await screen.findByRole('button', { name: 'Import 1 product' })).toBeEnabled();
    expect(sent.map((request) => request.url)).toEqual([
      '/catalogue/products.csv',
      '/catalogue/products.csv?confirm=digest-1',
      '/catalogue/products.csv',
    ]);
  });

  it('refuses a file over 10 MB before sending it, and says when the shop cannot be reached', async () => {
    const { user } = open();
    stubGateway();
    await user.upload(
      await screen.findByLabelText('Choose a CSV file'),
      csvFile('x'.repeat(10 * 1024 * 1024 + 1), 'big.csv'),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('big.csv is over 10 MB, the most an import takes.');
    expect(sent).toEqual([]);
    await user.upload(screen.getByLabelText('Choose a CSV file'), csvFile());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to read the file: the shop could not be reached. Please try again.',
    );
  });

  it('exports the catalogue as a download named by the shop', async () => {
    const { user } = open();
    stubGateway(
      new Response('\uFEFFid,name\n1,Gauze\n', {
        status: 200,
        headers: {
          'content-type': 'text/csv',
          'content-disposition': 'attachment; filename="medshop-products-2026-11-28.csv"',
        },
      }),
    );
    const downloads: string[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:catalogue', revokeObjectURL: () => undefined }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(`${this.download} ${this.href}`);
    });
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await vi.waitFor(() => expect(downloads).toEqual(['medshop-products-2026-11-28.csv blob:catalogue']));
    expect(sent).toEqual([
      {
        url: '/catalogue/products.csv',
        method: 'GET',
        headers: { authorization: `Bearer ${TEST_TOKEN}` },
        body: undefined,
      },
    ]);
    click.mockRestore();
  });
});
