// An address's parts as form fields (the profile's address book and checkout's new address): name, two lines, postal
// code and city side by side, country and phone; each checked by shop-rules' address rules as the shop checks it,
// with the browser's autofill names. The form keeps the parts under `address` (lib/addresses).
import { useFormContext } from 'react-hook-form';
import { type AddressFieldsForm, type AddressPart, COUNTRY_CHOICES, partProblem } from '@/lib/addresses';
import { SelectField, TextField } from './field';
import styles from './address-fields.module.css';

/**
 * The fields stay usable while the form is sent: a refusal focuses the part at fault as the answer comes, which a
 * disabled field could not take.
 */
/** Every country by its English name, 'Choose a country' first: the options of a country's select. */
export function CountryOptions() {
  return (
    <>
      <option value="">Choose a country</option>
      {COUNTRY_CHOICES.map(({ code, name }) => (
        <option key={code} value={code}>
          {name}
        </option>
      ))}
    </>
  );
}

export function AddressFields() {
  const {
    register,
    formState: { errors },
  } = useFormContext<AddressFieldsForm>();
  const field = (part: AddressPart) => ({
    ...register(`address.${part}`, { validate: (_value, form) => partProblem(form.address, part) }),
    error: errors.address?.[part]?.message,
  });
  return (
    <div className={styles.parts}>
      <TextField label="Name" autoComplete="shipping name" required {...field('name')} />
      <TextField label="Address line 1" autoComplete="shipping address-line1" required {...field('line1')} />
      <TextField
        label="Address line 2"
        autoComplete="shipping address-line2"
        hint="Apartment, floor, company (optional)"
        {...field('line2')}
      />
      <div className={styles.pair}>
        <TextField label="Postal code" autoComplete="shipping postal-code" {...field('postalCode')} />
        <TextField label="City" autoComplete="shipping address-level2" required {...field('city')} />
      </div>
      <SelectField label="Country" autoComplete="shipping country" required {...field('country')}>
        <CountryOptions />
      </SelectField>
      <TextField
        label="Phone"
        type="tel"
        autoComplete="shipping tel"
        hint="For the carrier (optional)"
        {...field('phone')}
      />
    </div>
  );
}
