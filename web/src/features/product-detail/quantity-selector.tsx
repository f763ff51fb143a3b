// How many to add (spec §5): at least 1; anything that is not a whole number of at least 1 falls back to 1
// when the field is left or the form is sent. Minus stops at 1, plus at the most that can be added (the stock, or
// less when the cart holds some or is near a limit), described by why.
import { useId } from 'react';
import styles from './product-detail.module.css';

/** The quantity a typed value stands for: a whole number of at least 1 (at most `max`), else 1. */
export function quantityOf(text: string, max: number): number {
  const value = Number(text.trim());
  if (!Number.isInteger(value) || value < 1) return 1;
  return max >= 1 ? Math.min(value, max) : value;
}

interface QuantitySelectorProps {
  value: string;
  max: number;
  /** What says why plus stops at `max` (its id): the stock, or the cart's room. */
  maxReasonId: string;
  onChange(value: string): void;
  /** The field was left with more than the most in it (`asked`), and now says the most. */
  onLimited?(asked: number): void;
}

/** A typed whole number above the most that can be added: how many the person asked for; else undefined. */
export function askedBeyondMax(text: string, max: number): number | undefined {
  const value = Number(text.trim());
  return Number.isInteger(value) && max >= 1 && value > max ? value : undefined;
}

export function QuantitySelector({ value, max, maxReasonId, onChange, onLimited }: QuantitySelectorProps) {
  const id = useId();
  const current = quantityOf(value, max);
  return (
    <div className={styles.quantityField}>
      <label htmlFor={id} className={styles.quantityLabel}>
        Quantity
      </label>
      <div className={styles.stepper}>
        <button
          type="button"
          aria-label="Decrease quantity"
          disabled={current <= 1}
          onClick={() => onChange(String(current - 1))}
        >
          −
        </button>
        <input
          id={id}
          name="quantity"
          type="number"
          inputMode="numeric"
          min={1}
          max={max >= 1 ? max : undefined}
          step={1}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={() => {
            const asked = askedBeyondMax(value, max);
            onChange(String(quantityOf(value, max)));
            if (asked !== undefined) onLimited?.(asked);
          }}
        />
        <button
          type="button"
          aria-label="Increase quantity"
          disabled={current >= max}
          aria-describedby={current >= max ? maxReasonId : undefined}
          onClick={() => onChange(String(current + 1))}
        >
          +
        </button>
      </div>
    </div>
  );
}
