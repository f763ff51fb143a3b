// /admin/import (issue 34): the catalogue out as a CSV file, and back in. A chosen (or dropped) file is previewed at
// once: what it creates and changes, or every bad row with its line and reason. Nothing is written until the admin
// imports what the preview showed; a catalogue changed meanwhile is refused, and the file is previewed again.
import { useApolloClient } from '@apollo/client/react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { CSV_COLUMNS, MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from '@shop-rules/product-csv-columns';
import { Button } from '@/components/button';
import { surface } from '@/components/card';
import { Alert } from '@/components/feedback';
import { Page } from '@/components/page';
import {
  CatalogueFileError,
  type ImportAnswer,
  exportCatalogue,
  importCatalogue,
  saveFile,
} from '@/lib/catalogue-file';
import styles from './catalogue-csv.module.css';

/** Rows of a preview listed on the page; the counts above count them all. */
export const LISTED_ROWS = 50;

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

const FIELD_LABELS: Record<string, string> = {
  imageUrl: 'main image',
  imageUrls: 'images',
  imageAlts: 'alt text',
  categoryIds: 'categories',
  lowStockThreshold: 'low stock threshold',
  sku: 'SKU',
};

function ExportSection() {
  const [state, setState] = useState<{ busy: boolean; error?: string }>({ busy: false });
  const download = async () => {
    setState({ busy: true });
    try {
      const { file, name } = await exportCatalogue();
      saveFile(file, name);
      setState({ busy: false });
    } catch (error) {
      setState({ busy: false, error: (error as Error).message });
    }
  };
  return (
    <section className={surface(styles.section)} aria-labelledby="export-heading">
      <h2 id="export-heading" className={styles.heading}>
        Export
      </h2>
      <p className={styles.hint}>Every product as a CSV file, to edit in a spreadsheet and import again.</p>
      <div>
        <Button variant="secondary" onClick={() => void download()} disabled={state.busy}>
          {state.busy ? 'Exporting...' : 'Export CSV'}
        </Button>
      </div>
      {state.error && <Alert tone="error">{state.error}</Alert>}
    </section>
  );
}

type ImportState =
  | { step: 'idle' }
  | { step: 'reading'; fileName: string }
  | { step: 'previewed'; fileName: string; text: string; preview: ImportAnswer }
  | { step: 'importing'; fileName: string; text: string; preview: ImportAnswer }
  | { step: 'imported'; fileName: string; answer: ImportAnswer }
  | { step: 'failed'; fileName?: string; text?: string; message: string; changed?: boolean };

function PreviewTable({ preview }: { preview: ImportAnswer }) {
  if (preview.changes.length === 0) return null;
  const shown = preview.changes.slice(0, LISTED_ROWS);
  const more = preview.created + preview.updated - shown.length;
  return (
    <>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <caption className="visually-hidden">What the import will do</caption>
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Product</th>
              <th scope="col">Change</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((change) => (
              <tr key={change.line}>
                <td className={styles.line}>{change.line}</td>
                <td className={styles.name}>{change.name}</td>
                <td>
                  {change.action === 'create' ? (
                    <span className={styles.new}>New</span>
                  ) : (
                    change.fields.map((field) => FIELD_LABELS[field] ?? field).join(', ')
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {more > 0 && <p className={styles.hint}>and {plural(more, 'more product')}.</p>}
    </>
  );
}

function ProblemList({ fileName, preview }: { fileName: string; preview: ImportAnswer }) {
  const shown = preview.problems.slice(0, LISTED_ROWS);
  const more = preview.problemCount - shown.length;
  return (
    <div className={styles.problems}>
      <Alert tone="error">
        {fileName} has {plural(preview.problemCount, 'problem')}. Fix {preview.problemCount === 1 ? 'it' : 'them'} in
        the file and choose it again: nothing has been imported.
      </Alert>
      <ul aria-label="Problems in the file" className={styles.problemList}>
        {shown.map((problem, index) => (
          <li key={index}>
            <span className={styles.where}>
              Line {problem.line}
              {problem.column ? `, ${problem.column}` : ''}:
            </span>{' '}
            {problem.message}
          </li>
        ))}
      </ul>
      {more > 0 && <p className={styles.hint}>and {plural(more, 'more problem')}.</p>}
    </div>
  );
}

function ImportSection() {
  const client = useApolloClient();
  const [state, setState] = useState<ImportState>({ step: 'idle' });
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();

  const preview = async (fileName: string, text: string) => {
    setState({ step: 'reading', fileName });
    try {
      setState({ step: 'previewed', fileName, text, preview: await importCatalogue(text) });
    } catch (error) {
      setState({ step: 'failed', fileName, text, message: (error as Error).message });
    }
  };

  const choose = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_IMPORT_BYTES) {
      setState({
        step: 'failed',
        message: `${file.name} is over ${MAX_IMPORT_BYTES / 1024 / 1024} MB, the most an import takes.`,
      });
      return;
    }
    await preview(file.name, await file.text());
  };

  const confirm = async () => {
    if (state.step !== 'previewed' || !state.preview.confirmation) return;
    const { fileName, text, preview: shown } = state;
    setState({ step: 'importing', fileName, text, preview: shown });
    try {
      const answer = await importCatalogue(text, shown.confirmation!);
      // Every list of products the app holds may now be old: each is asked for again when next shown.
      for (const fieldName of ['products', 'productFacets', 'lowStockProducts', 'product'])
        client.cache.evict({ id: 'ROOT_QUERY', fieldName });
      client.cache.gc();
      setState({ step: 'imported', fileName, answer });
    } catch (error) {
      const changed = error instanceof CatalogueFileError && error.code === 'IMPORT_CHANGED';
      setState({ step: 'failed', fileName, text, message: (error as Error).message, changed });
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void choose(event.dataTransfer.files[0]);
  };

  const reset = () => {
    setState({ step: 'idle' });
    if (input.current) input.current.value = '';
  };

  const busy = state.step === 'reading' || state.step === 'importing';
  return (
    <section className={surface(styles.section)} aria-labelledby="import-heading">
      <h2 id="import-heading" className={styles.heading}>
        Import
      </h2>
      <p className={styles.hint} id={hintId}>
        Columns: {CSV_COLUMNS.map((column) => (column.required ? `${column.name} (required)` : column.name)).join(', ')}
        . A row with an id changes that product; one without changes the product with its SKU, or adds a new one. Leave
        a column out to keep what products have. Categories are written as their path (Wound care &gt; Dressings),
        several separated by |. Nothing is ever deleted. At most {MAX_IMPORT_ROWS.toLocaleString('en-US')} rows.
      </p>
      <div
        className={[styles.drop, dragging && styles.dragging].filter(Boolean).join(' ')}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <label className={styles.pick}>
          <span className={styles.pickLabel}>Choose a CSV file</span>
          <input
            ref={input}
            type="file"
            accept=".csv,text/csv"
            aria-describedby={hintId}
            disabled={busy}
            onChange={(event) => void choose(event.target.files?.[0])}
          />
        </label>
        <span className={styles.dropHint}>or drop it here</span>
      </div>

      <div aria-live="polite" className={styles.outcome}>
        {state.step === 'reading' && <p className={styles.hint}>Reading {state.fileName}...</p>}
        {(state.step === 'previewed' || state.step === 'importing') && (
          <>
            {state.preview.problemCount > 0 ? (
              <ProblemList fileName={state.fileName} preview={state.preview} />
            ) : (
              <>
                <p className={styles.summary}>
                  <strong>{state.fileName}</strong>: {plural(state.preview.created, 'new product')},{' '}
                  {plural(state.preview.updated, 'product')} changed, {state.preview.unchanged.toLocaleString('en-US')}{' '}
                  unchanged.
                </p>
                <PreviewTable preview={state.preview} />
                <div className={styles.actions}>
                  <Button
                    onClick={() => void confirm()}
                    disabled={busy || state.preview.created + state.preview.updated === 0}
                  >
                    {state.step === 'importing'
                      ? 'Importing...'
                      : `Import ${plural(state.preview.created + state.preview.updated, 'product')}`}
                  </Button>
                  <Button variant="secondary" onClick={reset} disabled={busy}>
                    Cancel
                  </Button>
                </div>
                {state.preview.created + state.preview.updated === 0 && (
                  <p className={styles.hint}>The file changes nothing: the catalogue already has it.</p>
                )}
              </>
            )}
          </>
        )}
        {state.step === 'imported' && (
          <Alert tone="success">
            Imported {state.fileName}: {plural(state.answer.created, 'product')} created,{' '}
            {plural(state.answer.updated, 'product')} changed.
          </Alert>
        )}
        {state.step === 'failed' && (
          <>
            <Alert tone="error">{state.message}</Alert>
            {state.changed && state.fileName && state.text !== undefined && (
              <div className={styles.actions}>
                <Button variant="secondary" onClick={() => void preview(state.fileName!, state.text!)}>
                  Preview again
                </Button>
              </div>
            )}
          </>
        )}
      </div>
    </section>
  );
}

export function CatalogueCsvRoute() {
  return (
    <Page title="Import and Export">
      <div className={styles.layout}>
        <ExportSection />
        <ImportSection />
      </div>
    </Page>
  );
}
