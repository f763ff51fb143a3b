// The product form (spec §5), for creating and for editing: name, description, price (at least 0, cents),
// stock (a whole number, at least 0), the main image URL and further images. The image list sent is the main
// URL then the other entries, trimmed, blanks and duplicates dropped (shop-rules' normaliseImages). Each image
// address shows its picture beside it once the field is left, and warns when that does not load (§2.7: a warning,
// not a refusal: the address may be right and its server down for a moment).
import { checkShopThreshold } from '@shop-rules/low-stock';
import { gql, type FragmentType } from '@apollo/client';
import { useFragment } from '@apollo/client/react';
import { type ReactNode, useState } from 'react';
import { Controller, type ControllerRenderProps, useFieldArray, useForm } from 'react-hook-form';
import {
  INVALID_IMAGE_URL,
  MAX_IMAGES,
  checkAltText,
  checkPrice,
  checkSku,
  isAcceptableImageUrl,
  normaliseImages,
  validateProductForm,
} from '@shop-rules/product-rules';
import { isSingleLine, notSingleLine } from '@shop-rules/text-rules';
import { Button, ButtonLink } from '@/components/button';
import { Alert } from '@/components/feedback';
import { CheckboxField, TextAreaField, TextField } from '@/components/field';
import { useCategoryChoices } from '@/lib/categories';
import { ProductImage } from '@/components/product-image';
import { PictureUpload } from './picture-upload';
import { ProductForm_ProductFragmentDoc, type ProductForm_ProductFragment } from '@/gql/graphql';
import { showUserErrors, type UserErrorLike } from '@/lib/user-errors';
import styles from './product-form.module.css';

if (false) {
  gql`
    fragment ProductForm_product on Product {
      id
      name
      description
      unitPrice {
        ...MoneyFields @unmask
      }
      quantity
      imageUrl
      imageUrls
      images {
        url
        alt
      }
      sku
      lowStockThreshold
      categories {
        id
      }
    }
  `;
}

export interface ProductFormValues {
  name: string;
  sku: string;
  description: string;
  price: string;
  quantity: string;
  imageUrl: string;
  /** The main image's alt text. */
  imageAlt: string;
  imageUrls: { url: string; alt: string }[];
  /** The categories ticked, by global id. */
  categoryIds: string[];
  /** Blank: the shop's threshold. */
  lowStockThreshold: string;
}

/** What the form sends: the graph's product fields. */
export interface ProductFields {
  name: string;
  description: string;
  /** The price as the admin typed it, exact text ("12.5"): the graph's Decimal, never a float made of it. */
  unitPriceAmount: string;
  quantity: number;
  imageUrl: string | null;
  imageUrls: string[];
  /** What each picture shows, by its URL: the images given one, each once. */
  imageAlts: { url: string; alt: string }[];
  /** Trimmed; null for none (a blank field clears it). */
  sku: string | null;
  /** The categories it is in; left out where the shop keeps none. */
  categoryIds?: string[];
  /** Low in stock at this many units or fewer; null: the shop's threshold. Left out: unchanged. */
  lowStockThreshold?: number | null;
}

const FORM_FIELDS = [
  'name',
  'sku',
  'description',
  'price',
  'quantity',
  'lowStockThreshold',
  'imageUrl',
  'categoryIds',
] as const;

const EMPTY: ProductFormValues = {
  name: '',
  sku: '',
  description: '',
  price: '',
  quantity: '',
  imageUrl: '',
  imageAlt: '',
  imageUrls: [],
  categoryIds: [],
  lowStockThreshold: '',
};

function valuesOf(product: ProductForm_ProductFragment): ProductFormValues {
  const main = product.imageUrl ?? product.imageUrls[0] ?? '';
  const altOf = (url: string) => product.images.find((image) => image.url === url)?.alt ?? '';
  return {
    name: product.name,
    sku: product.sku ?? '',
    description: product.description,
    // The exact amount the graph gave ("6.50"): saved unchanged, it is sent back as it came.
    price: product.unitPrice.amount,
    quantity: String(product.quantity),
    imageUrl: main,
    imageAlt: altOf(main),
    imageUrls: product.imageUrls.filter((url) => url !== main).map((url) => ({ url, alt: altOf(url) })),
    categoryIds: product.categories.map((category) => category.id),
    lowStockThreshold: product.lowStockThreshold === null ? '' : String(product.lowStockThreshold),
  };
}

const imageRule = (value: string) => !value.trim() || isAcceptableImageUrl(value.trim()) || INVALID_IMAGE_URL;

const IMAGE_DID_NOT_LOAD = 'This image could not be loaded: check the address (the product can still be saved)';

interface ImageAddressProps {
  label: string;
  /** The picture's name: 'Main image preview', 'Other image 1 preview'. */
  previewName: string;
  /** The form's control name: `imageUrl` for the main image, `imageUrls` for the others. */
  name: 'imageUrl' | 'imageUrls';
  value: string;
  onChange: ControllerRenderProps['onChange'];
  onBlur(): void;
  inputRef: ControllerRenderProps['ref'];
  error: string | undefined;
  /** Its alt text's field, under the address. */
  altText: ReactNode;
  /** Others only: buttons beside it (Make main, Move up, Remove), each with its accessible name. */
  actions?: { text: string; label: string; onClick(): void }[];
}

/**
 * An image address with its picture beside it. The picture is the address as it was when the field was last left (or
 * as the product had it): not every half-typed address is fetched. When it does not load, the field says so until
 * the address is changed.
 */
function ImageAddress({
  label,
  previewName,
  name,
  value,
  onChange,
  onBlur,
  inputRef,
  error,
  altText,
  actions = [],
}: ImageAddressProps) {
  const [tried, setTried] = useState(value.trim());
  const [failed, setFailed] = useState<string | null>(null);
  const shown = tried && isAcceptableImageUrl(tried) ? tried : null;
  const warning = shown !== null && failed === shown && value.trim() === shown ? IMAGE_DID_NOT_LOAD : undefined;
  return (
    <div className={styles.imageEntry}>
      <TextField
        label={label}
        type="url"
        inputMode="url"
        name={name}
        value={value}
        onChange={onChange}
        onBlur={() => {
          onBlur();
          setTried(value.trim());
        }}
        ref={inputRef}
        error={error}
        warning={warning}
      />
      <div className={styles.altText}>{altText}</div>
      <div className={styles.preview}>
        <ProductImage src={shown} alt={previewName} onFail={setFailed} sizes="4.5rem" />
      </div>
      {actions.length > 0 && (
        <div className={styles.entryActions}>
          {actions.map((action) => (
            <Button
              key={action.text}
              variant="secondary"
              size="small"
              aria-label={action.label}
              onClick={action.onClick}
            >
              {action.text}
            </Button>
          ))}
        </div>
      )}
    </div>
  );
}

interface ProductFormProps {
  /** The product being edited; none when creating. */
  product?: FragmentType<typeof ProductForm_ProductFragmentDoc>;
  submitLabel: string;
  busyLabel: string;
  /** Saves; answers the userErrors to show, or throws when the shop could not be reached. */
  onSubmit(fields: ProductFields): Promise<readonly UserErrorLike[]>;
  /** The message when saving failed for another reason than the input. */
  failureMessage: string;
  /** Where Cancel goes: the page the form was opened from (the listing by default). */
  cancelTo?: string;
}

export function ProductForm(props: ProductFormProps) {
  const { data, complete } = useFragment({
    fragment: ProductForm_ProductFragmentDoc,
    fragmentName: 'ProductForm_product',
    from: props.product ?? null,
  });
  const initial = props.product && complete ? valuesOf(data) : EMPTY;
  return <ProductFormFields key={props.product && complete ? data.id : 'new'} initial={initial} {...props} />;
}

function ProductFormFields({
  initial,
  submitLabel,
  busyLabel,
  onSubmit,
  failureMessage,
  cancelTo = '/',
}: ProductFormProps & { initial: ProductFormValues }) {
  const [failure, setFailure] = useState<string>();
  const {
    control,
    register,
    handleSubmit,
    setError,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<ProductFormValues>({ defaultValues: initial });
  const initialThreshold = initial.lowStockThreshold === '' ? null : Number(initial.lowStockThreshold);
  const images = useFieldArray({ control, name: 'imageUrls' });
  // Bumped when the form itself moves addresses between fields (an upload, Make main): each field's picture is then
  // shown afresh from its new address.
  const [placement, setPlacement] = useState(0);
  const addPicture = (url: string) => {
    if (!getValues('imageUrl').trim()) {
      setValue('imageUrl', url, { shouldDirty: true });
      setValue('imageAlt', '', { shouldDirty: true });
    } else images.append({ url, alt: '' }, { shouldFocus: false });
    setPlacement((count) => count + 1);
  };
  // The main image and another change places, each with its alt text.
  const makeMain = (index: number) => {
    const [main, mainAlt] = [getValues('imageUrl'), getValues('imageAlt')];
    setValue('imageUrl', getValues(`imageUrls.${index}.url`), { shouldDirty: true });
    setValue('imageAlt', getValues(`imageUrls.${index}.alt`), { shouldDirty: true });
    if (main.trim()) images.update(index, { url: main, alt: mainAlt });
    else images.remove(index);
    setPlacement((count) => count + 1);
  };
  // Named as the graph's input (imageAlts), whichever image's it is.
  const altTextField = (name: 'imageAlt' | `imageUrls.${number}.alt`, label: string) => (
    <Controller
      control={control}
      name={name}
      rules={{ validate: (value) => checkAltText(value)?.message ?? true }}
      render={({ field, fieldState }) => (
        <TextField
          label={label}
          hint="What the picture shows, for people who cannot see it; blank: the product’s name"
          autoComplete="off"
          name="imageAlts"
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          ref={field.ref}
          error={fieldState.error?.message}
        />
      )}
    />
  );
  const filledImages = () =>
    [getValues('imageUrl'), ...getValues('imageUrls').map((entry) => entry.url)].filter((url) => url.trim()).length;
  const categories = useCategoryChoices();

  const submit = handleSubmit(async (values) => {
    setFailure(undefined);
    // The price goes as the text typed (unitPriceAmount: a Decimal), checked by the same rule as the gateway's.
    const unitPriceAmount = values.price.trim();
    const quantity = Number(values.quantity);
    const lowStockThreshold = values.lowStockThreshold.trim() === '' ? null : Number(values.lowStockThreshold);
    const checked = validateProductForm({
      lowStockThreshold,
      name: values.name,
      description: values.description,
      price: unitPriceAmount,
      quantity,
      imageUrl: values.imageUrl,
      imageUrls: values.imageUrls.map((entry) => entry.url),
      sku: values.sku,
    });
    if (Array.isArray(checked)) {
      const banner = showUserErrors(checked, setError, FORM_FIELDS);
      if (banner) setFailure(banner);
      return;
    }
    const imageList = normaliseImages(
      values.imageUrl,
      values.imageUrls.map((entry) => entry.url),
    );
    const imageUrls = Array.isArray(imageList) ? imageList : [];
    // Each image's text once, for the images sent (the first entry of an address given twice counts).
    const imageAlts = [
      { url: values.imageUrl, alt: values.imageAlt },
      ...values.imageUrls.map((entry) => ({ url: entry.url, alt: entry.alt })),
    ]
      .map((entry) => ({ url: entry.url.trim(), alt: entry.alt.trim() }))
      .filter((entry, index, all) => all.findIndex((other) => other.url === entry.url) === index)
      .filter((entry) => entry.alt !== '' && imageUrls.includes(entry.url));
    try {
      const userErrors = await onSubmit({
        name: checked.name,
        description: checked.description,
        unitPriceAmount,
        quantity,
        imageUrl: imageUrls[0] ?? null,
        imageUrls,
        imageAlts,
        sku: checked.sku,
        // Sent when changed only (left out, the shop keeps it): a form that never touches it works on any shop.
        ...(lowStockThreshold !== initialThreshold ? { lowStockThreshold } : {}),
        ...(categories.available ? { categoryIds: values.categoryIds } : {}),
      });
      // The shop names the price by the input field it came in; on this form it is the price field.
      const atFields = userErrors.map((error) =>
        error.field === 'unitPriceAmount' ? { ...error, field: 'price' } : error,
      );
      const banner = showUserErrors(atFields, setError, FORM_FIELDS);
      if (banner) setFailure(banner);
    } catch {
      setFailure(failureMessage);
    }
  });

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {failure && <Alert tone="error">{failure}</Alert>}
      <TextField
        label="Name"
        required
        error={errors.name?.message}
        {...register('name', {
          validate: (value) =>
            !value.trim() ? 'Name is required' : isSingleLine(value.trim()) || notSingleLine('Name'),
        })}
      />
      <TextField
        label="SKU"
        hint="Optional: the stock-keeping unit, unique in the shop (letters, digits and - _ . /)"
        autoComplete="off"
        spellCheck={false}
        error={errors.sku?.message}
        {...register('sku', { validate: (value) => checkSku(value)?.message ?? true })}
      />
      <TextAreaField
        label="Description"
        required
        rows={5}
        error={errors.description?.message}
        {...register('description', { validate: (value) => !!value.trim() || 'Description is required' })}
      />
      <div className={styles.row}>
        <TextField
          label="Price ($)"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          required
          error={errors.price?.message}
          {...register('price', { validate: (value) => checkPrice(value.trim())?.message ?? true })}
        />
        <TextField
          label="Stock quantity"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          required
          error={errors.quantity?.message}
          {...register('quantity', {
            validate: (value) => {
              if (value.trim() === '') return 'Quantity is required';
              const quantity = Number(value);
              if (!Number.isInteger(quantity)) return 'Quantity must be a whole number';
              return quantity >= 0 || 'Quantity must be at least 0';
            },
          })}
        />
        <TextField
          label="Low stock at"
          hint="Units or fewer; blank: the shop’s threshold"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          error={errors.lowStockThreshold?.message}
          {...register('lowStockThreshold', {
            validate: (value) => value.trim() === '' || (checkShopThreshold(Number(value))?.message ?? true),
          })}
        />
      </div>
      {categories.available && categories.choices.length > 0 && (
        <fieldset className={styles.images}>
          <legend>Categories</legend>
          <p className={styles.imagesHint}>Where shoppers find it: any number of them, at most 10.</p>
          <div className={styles.categories}>
            {categories.choices.map((choice) => (
              <CheckboxField key={choice.id} label={choice.label} value={choice.id} {...register('categoryIds')} />
            ))}
          </div>
          {errors.categoryIds && <p className={styles.error}>{errors.categoryIds.message}</p>}
        </fieldset>
      )}
      <fieldset className={styles.images}>
        <legend>Images</legend>
        <p className={styles.imagesHint}>
          Upload pictures, or give an address starting with https:// or a picture of the shop starting with /. The main
          image is shown first.
        </p>
        <PictureUpload room={MAX_IMAGES + 1 - filledImages()} onUploaded={addPicture} />
        <Controller
          key={`main-${placement}`}
          control={control}
          name="imageUrl"
          rules={{ validate: imageRule }}
          render={({ field, fieldState }) => (
            <ImageAddress
              label="Main image URL"
              previewName="Main image preview"
              name="imageUrl"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={fieldState.error?.message}
              altText={altTextField('imageAlt', 'Main image alt text')}
            />
          )}
        />
        {images.fields.map((entry, index) => (
          <Controller
            key={`${entry.id}-${placement}`}
            control={control}
            name={`imageUrls.${index}.url`}
            rules={{ validate: imageRule }}
            render={({ field, fieldState }) => (
              <ImageAddress
                label={`Other image ${index + 1}`}
                previewName={`Other image ${index + 1} preview`}
                name="imageUrls"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={fieldState.error?.message}
                altText={altTextField(`imageUrls.${index}.alt`, `Other image ${index + 1} alt text`)}
                actions={[
                  {
                    text: 'Make main',
                    label: `Make other image ${index + 1} the main image`,
                    onClick: () => makeMain(index),
                  },
                  ...(index > 0
                    ? [
                        {
                          text: 'Move up',
                          label: `Move other image ${index + 1} up`,
                          onClick: () => {
                            images.move(index, index - 1);
                            setPlacement((count) => count + 1);
                          },
                        },
                      ]
                    : []),
                  { text: 'Remove', label: `Remove other image ${index + 1}`, onClick: () => images.remove(index) },
                ]}
              />
            )}
          />
        ))}
        {images.fields.length < MAX_IMAGES && (
          <div>
            <Button variant="secondary" size="small" onClick={() => images.append({ url: '', alt: '' })}>
              + Add another image
            </Button>
          </div>
        )}
      </fieldset>
      <div className={styles.actions}>
        <ButtonLink to={cancelTo} variant="secondary">
          Cancel
        </ButtonLink>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? busyLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
