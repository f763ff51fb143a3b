import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TextField } from '@/components/field';
import { useLightForm } from './light-form';

interface Pair {
  first: string;
  second: string;
}

function PairForm({ onValid, defaults }: { onValid(values: Pair): Promise<void>; defaults: Pair }) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useLightForm<Pair>({ defaultValues: defaults });
  return (
    <form onSubmit={handleSubmit(onValid)} noValidate>
      <TextField
        label="First"
        error={errors.first?.message}
        {...register('first', { required: 'First is required' })}
      />
      <TextField
        label="Second"
        error={errors.second?.message}
        {...register('second', {
          validate: {
            digits: (value) => /^\d*$/.test(value) || 'Digits only',
            short: (value) => value.length < 4 || 'At most 3 digits',
          },
        })}
      />
      <button type="submit">{isSubmitting ? 'Sending...' : 'Send'}</button>
      <button type="button" onClick={() => reset({ first: 'again', second: '' })}>
        Reset
      </button>
    </form>
  );
}

describe('a light form (react-hook-form’s defaults, for the first screens)', () => {
  it('starts from its defaults and checks nothing before the first submit, then marks every wrong field and focuses the first', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn(async () => undefined);
    render(<PairForm onValid={onValid} defaults={{ first: 'x', second: '' }} />);
    const first = screen.getByLabelText('First');
    const second = screen.getByLabelText('Second');
    expect(first).toHaveValue('x');
    await user.clear(first);
    await user.type(second, 'a');
    expect(screen.queryByText('First is required')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('First is required')).toBeInTheDocument();
    expect(screen.getByText('Digits only')).toBeInTheDocument();
    expect(first).toHaveFocus();
    expect(onValid).not.toHaveBeenCalled();
  });

  it('checks a field again as it changes once submitted, and sends the values, busy meanwhile', async () => {
    const user = userEvent.setup();
    let finish = () => {};
    const onValid = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<PairForm onValid={onValid} defaults={{ first: '', second: '' }} />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('First is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('First'), 'a');
    await waitFor(() => expect(screen.queryByText('First is required')).not.toBeInTheDocument());
    // The checks in turn, the first that fails named.
    await user.type(screen.getByLabelText('Second'), '12345');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('At most 3 digits')).toBeInTheDocument();
    expect(screen.getByLabelText('Second')).toHaveFocus();
    await user.clear(screen.getByLabelText('Second'));
    await waitFor(() => expect(screen.queryByText('At most 3 digits')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeInTheDocument();
    expect(onValid).toHaveBeenCalledWith({ first: 'a', second: '' });
    finish();
    expect(await screen.findByRole('button', { name: 'Send' })).toBeInTheDocument();
  });

  it('resets to new values with no errors, and checks nothing again until the next submit', async () => {
    const user = userEvent.setup();
    render(<PairForm onValid={async () => undefined} defaults={{ first: '', second: '' }} />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('First is required')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(screen.queryByText('First is required')).not.toBeInTheDocument());
    expect(screen.getByLabelText('First')).toHaveValue('again');
    await user.clear(screen.getByLabelText('First'));
    expect(screen.queryByText('First is required')).not.toBeInTheDocument();
  });
});
