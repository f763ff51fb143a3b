// Pictures uploaded from the product form (issue 34): chosen or dropped, several at once, each uploaded in turn and
// handed to the form as an image address; a file the shop would refuse is named with its reason and not sent.
import { type DragEvent, useId, useRef, useState } from 'react';
import { Alert } from '@/components/feedback';
import { uploadPicture } from '@/lib/pictures';
import styles from './product-form.module.css';

interface PictureUploadProps {
  /** How many more pictures the product can take. */
  room: number;
  /** Each uploaded picture's address, in the order chosen. */
  onUploaded(url: string): void;
}

export function PictureUpload({ room, onUploaded }: PictureUploadProps) {
  const [progress, setProgress] = useState<{ done: number; of: number }>();
  const [problems, setProblems] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();

  const upload = async (files: File[]) => {
    if (files.length === 0) return;
    const found: string[] = [];
    const taken = files.slice(0, room);
    for (const file of files.slice(room)) found.push(`${file.name}: the product has room for no more pictures`);
    for (const [index, file] of taken.entries()) {
      setProgress({ done: index, of: taken.length });
      try {
        onUploaded(await uploadPicture(file));
      } catch (error) {
        found.push(`${file.name}: ${(error as Error).message}`);
      }
    }
    setProgress(undefined);
    setProblems(found);
    if (input.current) input.current.value = '';
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void upload([...event.dataTransfer.files]);
  };

  return (
    <div className={styles.upload}>
      <div
        className={[styles.dropZone, dragging && styles.dragging].filter(Boolean).join(' ')}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <label className={styles.uploadLabel}>
          <span>Upload pictures</span>
          <input
            ref={input}
            type="file"
            multiple
            accept="image/jpeg,image/png,image/webp"
            aria-describedby={hintId}
            disabled={progress !== undefined || room === 0}
            onChange={(event) => void upload([...(event.target.files ?? [])])}
          />
        </label>
        <span className={styles.imagesHint} id={hintId}>
          {room === 0
            ? 'The product has as many pictures as it can take.'
            : 'Or drop them here: JPEG, PNG or WebP, at most 10 MB each.'}
        </span>
      </div>
      {progress && (
        <p role="status" className={styles.imagesHint}>
          Uploading {progress.done + 1} of {progress.of}...
        </p>
      )}
      {problems.length > 0 && (
        <Alert tone="error">
          <ul className={styles.uploadProblems} aria-label="Pictures not uploaded">
            {problems.map((problem, index) => (
              <li key={index}>{problem}</li>
            ))}
          </ul>
        </Alert>
      )}
    </div>
  );
}
