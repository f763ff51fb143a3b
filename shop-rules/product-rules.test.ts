// What a valid product is: each rule's message and field, in the order the form is checked, and the product as it is
// kept (trimmed, price in cents, one image list with the main image first).
import { describe, expect, it } from 'vitest';
import {
  type ProductForm,
  altsOfImages,
  isAcceptableImageUrl,
  normaliseImages,
  validateProductForm,
} from './product-rules.js';

const INVALID_IMAGE_URL = 'Image URL must be an absolute http(s) URL or a path on the shop starting with /';
const INVALID_SKU = 'SKU must be letters, digits and - _ . / only, starting with a letter or digit';

const form = (changes: Partial<ProductForm> = {}): ProductForm => ({
  name: 'Syringe',
  description: 'Sterile, 5 ml',
  price: 12.5,
  quantity: 10,
  ...changes,
});

describe('validateProductForm', () => {
  it('keeps a valid product trimmed, its price in cents', () => {
    expect(
      validateProductForm(form({ name: '  Syringe ', description: '\tSterile, 5 ml\n', imageUrl: ' /images/s.png ' })),
    ).toEqual({
      name: 'Syringe',
      description: 'Sterile, 5 ml',
      priceCents: 1250,
      quantity: 10,
      imageUrl: '/images/s.png',
      imageUrls: ['/images/s.png'],
      imageAlts: [],
      sku: null,
      categoryIds: [],
      lowStockThreshold: null,
    });
  });

  it.each([
    { why: 'a price of 0', changes: { price: 0 }, kept: { priceCents: 0 } },
    { why: 'the highest price', changes: { price: 1_000_000 }, kept: { priceCents: 100_000_000 } },
    { why: 'a price in cents', changes: { price: 0.01 }, kept: { priceCents: 1 } },
    { why: 'a quantity of 0', changes: { quantity: 0 }, kept: { quantity: 0 } },
    { why: 'the highest quantity', changes: { quantity: 1_000_000 }, kept: { quantity: 1_000_000 } },
    { why: 'a name of 200', changes: { name: 'n'.repeat(200) }, kept: { name: 'n'.repeat(200) } },
    { why: 'a name of 200 once trimmed', changes: { name: ` ${'n'.repeat(200)} ` }, kept: { name: 'n'.repeat(200) } },
    {
      why: 'a description of 5000',
      changes: { description: 'd'.repeat(5000) },
      kept: { description: 'd'.repeat(5000) },
    },
    {
      why: 'a description of several lines',
      changes: { description: 'Sterile.\r\nSingle use.\nLatex free.' },
      kept: { description: 'Sterile.\r\nSingle use.\nLatex free.' },
    },
    { why: 'a name whose line break is trimmed away', changes: { name: 'Syringe\n' }, kept: {} },
    { why: 'no images', changes: { imageUrl: null, imageUrls: null }, kept: { imageUrl: null, imageUrls: [] } },
    { why: 'a price as exact text', changes: { price: '0.29' }, kept: { priceCents: 29 } },
    { why: 'the highest price as text', changes: { price: '1000000.00' }, kept: { priceCents: 100_000_000 } },
    { why: 'a price as text with a trailing zero', changes: { price: '12.500' }, kept: { priceCents: 1250 } },
    { why: 'a SKU, trimmed', changes: { sku: ' MED-0001 ' }, kept: { sku: 'MED-0001' } },
    { why: 'a SKU of every allowed character', changes: { sku: 'a1.B_2/c-3' }, kept: { sku: 'a1.B_2/c-3' } },
    { why: 'a SKU of 64', changes: { sku: 'S'.repeat(64) }, kept: { sku: 'S'.repeat(64) } },
    { why: 'a blank SKU as none', changes: { sku: '  ' }, kept: { sku: null } },
    { why: 'a null SKU as none', changes: { sku: null }, kept: { sku: null } },
    { why: 'categories, each once', changes: { categoryIds: [4, 2, 4] }, kept: { categoryIds: [4, 2] } },
    { why: 'no categories (null)', changes: { categoryIds: null }, kept: { categoryIds: [] } },
    { why: 'an own low-stock threshold', changes: { lowStockThreshold: 4 }, kept: { lowStockThreshold: 4 } },
    { why: 'a low-stock threshold of 0', changes: { lowStockThreshold: 0 }, kept: { lowStockThreshold: 0 } },
    { why: 'no alt texts (null)', changes: { imageAlts: null }, kept: {} },
    {
      why: 'alt texts, trimmed, blanks dropped, in the images’ order',
      changes: {
        imageUrl: '/a.png',
        imageUrls: ['/b.png', '/c.png'],
        imageAlts: [
          { url: ' /c.png ', alt: ' A box of ten ' },
          { url: '/b.png', alt: '  ' },
          { url: '/a.png', alt: 'The syringe, 5 ml' },
        ],
      },
      kept: {
        imageUrl: '/a.png',
        imageUrls: ['/a.png', '/b.png', '/c.png'],
        imageAlts: [
          { url: '/a.png', alt: 'The syringe, 5 ml' },
          { url: '/c.png', alt: 'A box of ten' },
        ],
      },
    },
    {
      why: 'an alt text of 250',
      changes: { imageUrl: '/a.png', imageAlts: [{ url: '/a.png', alt: 'a'.repeat(250) }] },
      kept: { imageUrl: '/a.png', imageUrls: ['/a.png'], imageAlts: [{ url: '/a.png', alt: 'a'.repeat(250) }] },
    },
  ])('accepts $why', ({ changes, kept }) => {
    expect(validateProductForm(form(changes))).toEqual({
      name: 'Syringe',
      description: 'Sterile, 5 ml',
      priceCents: 1250,
      quantity: 10,
      imageUrl: null,
      imageUrls: [],
      imageAlts: [],
      sku: null,
      categoryIds: [],
      lowStockThreshold: null,
      ...kept,
    });
  });

  it.each([
    { why: 'no name', changes: { name: '' }, message: 'Name is required', field: 'name' },
    { why: 'a blank name', changes: { name: ' \t ' }, message: 'Name is required', field: 'name' },
    {
      why: 'a name of 201',
      changes: { name: 'n'.repeat(201) },
      message: 'Name must be at most 200 characters long',
      field: 'name',
    },
    ...['Syringe\nInjected line', 'Syringe\r\nX', 'Syringe\rX', 'Syringe\tX', 'Syringe\u2028X', 'Syringe\u0085X'].map(
      (name) => ({
        why: `a name of two lines or with a control character (${JSON.stringify(name)})`,
        changes: { name },
        message: 'Name must be a single line of text, without line breaks or control characters',
        field: 'name',
      }),
    ),
    { why: 'no description', changes: { description: '' }, message: 'Description is required', field: 'description' },
    {
      why: 'a blank description',
      changes: { description: '\n' },
      message: 'Description is required',
      field: 'description',
    },
    {
      why: 'a description of 5001',
      changes: { description: 'd'.repeat(5001) },
      message: 'Description must be at most 5000 characters long',
      field: 'description',
    },
    { why: 'a negative price', changes: { price: -0.01 }, message: 'Price must be at least 0', field: 'price' },
    {
      why: 'a price that is no number',
      changes: { price: Number.NaN },
      message: 'Price must be at least 0',
      field: 'price',
    },
    {
      why: 'an infinite price',
      changes: { price: Number.POSITIVE_INFINITY },
      message: 'Price must be at least 0',
      field: 'price',
    },
    {
      why: 'a price over 1000000',
      changes: { price: 1_000_000.01 },
      message: 'Price must be at most 1000000',
      field: 'price',
    },
    {
      why: 'a price with 3 decimals',
      changes: { price: 1.005 },
      message: 'Price can have at most 2 decimal places',
      field: 'price',
    },
    {
      why: 'a price not exact in cents',
      changes: { price: 0.1 + 0.2 },
      message: 'Price can have at most 2 decimal places',
      field: 'price',
    },
    {
      why: 'a price as text with 3 decimals',
      changes: { price: '1.005' },
      message: 'Price can have at most 2 decimal places',
      field: 'price',
    },
    {
      why: 'a price as text over 1000000',
      changes: { price: '1000000.01' },
      message: 'Price must be at most 1000000',
      field: 'price',
    },
    { why: 'a negative price as text', changes: { price: '-1' }, message: 'Price must be at least 0', field: 'price' },
    {
      why: 'a price as text that is no amount',
      changes: { price: '1e3' },
      message: 'Price must be an amount such as 12.50',
      field: 'price',
    },
    { why: 'an empty price as text', changes: { price: ' ' }, message: 'Price is required', field: 'price' },
    {
      why: 'a fractional quantity',
      changes: { quantity: 1.5 },
      message: 'Quantity must be a whole number',
      field: 'quantity',
    },
    {
      why: 'a quantity that is no number',
      changes: { quantity: Number.NaN },
      message: 'Quantity must be a whole number',
      field: 'quantity',
    },
    {
      why: 'a negative quantity',
      changes: { quantity: -1 },
      message: 'Quantity must be at least 0',
      field: 'quantity',
    },
    {
      why: 'a quantity over 1000000',
      changes: { quantity: 1_000_001 },
      message: 'Quantity must be at most 1000000',
      field: 'quantity',
    },
    {
      why: 'a main image that is no URL',
      changes: { imageUrl: 'example.com/a.png' },
      message: INVALID_IMAGE_URL,
      field: 'imageUrl',
    },
    {
      why: 'a bad entry in the list',
      changes: { imageUrls: ['/a.png', 'ftp://host/b.png'] },
      message: INVALID_IMAGE_URL,
      field: 'imageUrls',
    },
    {
      why: '21 images in the list',
      changes: { imageUrls: Array.from({ length: 21 }, (_, index) => `/images/${index}.png`) },
      message: 'Image URLs must have at most 20 entries',
      field: 'imageUrls',
    },
    {
      why: 'a SKU of 65',
      changes: { sku: 'S'.repeat(65) },
      message: 'SKU must be at most 64 characters long',
      field: 'sku',
    },
    {
      why: 'a category id that is not one',
      changes: { categoryIds: [1, 0] },
      message: 'Categories must be a list of ids',
      field: 'categoryIds',
    },
    {
      why: 'eleven categories',
      changes: { categoryIds: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] },
      message: 'Categories must be at most 10',
      field: 'categoryIds',
    },
    {
      why: 'a negative low-stock threshold',
      changes: { lowStockThreshold: -1 },
      message: 'Low stock threshold must be at least 0',
      field: 'lowStockThreshold',
    },
    {
      why: 'a low-stock threshold in parts',
      changes: { lowStockThreshold: 2.5 },
      message: 'Low stock threshold must be a whole number',
      field: 'lowStockThreshold',
    },
    { why: 'a SKU with a space', changes: { sku: 'MED 1' }, message: INVALID_SKU, field: 'sku' },
    { why: 'a SKU starting with a hyphen', changes: { sku: '-MED1' }, message: INVALID_SKU, field: 'sku' },
    { why: 'a SKU with a letter beyond ASCII', changes: { sku: 'MÉD-1' }, message: INVALID_SKU, field: 'sku' },
    {
      why: 'an alt text for an image the product does not have',
      changes: { imageUrl: '/a.png', imageAlts: [{ url: '/b.png', alt: 'A box' }] },
      message: 'Alt text must be for one of the product’s images',
      field: 'imageAlts',
    },
    {
      why: 'two alt texts for one image',
      changes: {
        imageUrl: '/a.png',
        imageAlts: [
          { url: '/a.png', alt: 'A box' },
          { url: ' /a.png', alt: 'Another' },
        ],
      },
      message: 'Alt text can be given once for each image',
      field: 'imageAlts',
    },
    {
      why: 'an alt text of 251',
      changes: { imageUrl: '/a.png', imageAlts: [{ url: '/a.png', alt: 'a'.repeat(251) }] },
      message: 'Alt text must be at most 250 characters long',
      field: 'imageAlts',
    },
    {
      why: 'an alt text of two lines',
      changes: { imageUrl: '/a.png', imageAlts: [{ url: '/a.png', alt: 'A box\nof ten' }] },
      message: 'Alt text must be a single line of text, without line breaks or control characters',
      field: 'imageAlts',
    },
    {
      why: 'alt texts that are not a list of URLs and texts',
      changes: { imageUrl: '/a.png', imageAlts: [{ url: '/a.png' }] as never },
      message: 'Alt text must be a list of images’ URLs and texts',
      field: 'imageAlts',
    },
  ])('refuses $why: $message at $field', ({ changes, message, field }) => {
    expect(validateProductForm(form(changes))).toEqual([{ message, field }]);
  });

  it('answers every field that breaks a rule at once, in the form’s order', () => {
    expect(validateProductForm(form({ name: '', description: '', price: -1, quantity: 1.5, imageUrl: 'x' }))).toEqual([
      { message: 'Name is required', field: 'name' },
      { message: 'Description is required', field: 'description' },
      { message: 'Price must be at least 0', field: 'price' },
      { message: 'Quantity must be a whole number', field: 'quantity' },
      { message: INVALID_IMAGE_URL, field: 'imageUrl' },
    ]);
  });
});

describe('altsOfImages', () => {
  it('keeps the texts of the images still there, in their new order', () => {
    expect(
      altsOfImages(
        ['/c.png', '/a.png'],
        [
          { url: '/a.png', alt: 'The syringe' },
          { url: '/b.png', alt: 'Gone' },
          { url: '/c.png', alt: 'A box' },
        ],
      ),
    ).toEqual([
      { url: '/c.png', alt: 'A box' },
      { url: '/a.png', alt: 'The syringe' },
    ]);
  });
});

describe('normaliseImages', () => {
  it.each([
    { why: 'nothing', imageUrl: undefined, imageUrls: undefined, images: [] },
    { why: 'blanks only', imageUrl: '  ', imageUrls: ['', ' \t'], images: [] },
    { why: 'the main image alone', imageUrl: '/a.png', imageUrls: null, images: ['/a.png'] },
    {
      why: 'the list alone, its first as main',
      imageUrl: null,
      imageUrls: ['/a.png', '/b.png'],
      images: ['/a.png', '/b.png'],
    },
    {
      why: 'the main image first',
      imageUrl: '/m.png',
      imageUrls: ['/a.png', '/b.png'],
      images: ['/m.png', '/a.png', '/b.png'],
    },
    {
      why: 'trimmed entries',
      imageUrl: ' /m.png ',
      imageUrls: ['\t/a.png', '/b.png\n'],
      images: ['/m.png', '/a.png', '/b.png'],
    },
    {
      why: 'blank entries dropped',
      imageUrl: '',
      imageUrls: ['', '/a.png', '   ', '/b.png'],
      images: ['/a.png', '/b.png'],
    },
    {
      why: 'duplicates once, where first seen',
      imageUrl: null,
      imageUrls: ['/a.png', '/b.png', '/a.png'],
      images: ['/a.png', '/b.png'],
    },
    {
      why: 'the main image once, though listed',
      imageUrl: '/b.png',
      imageUrls: ['/a.png', '/b.png'],
      images: ['/b.png', '/a.png'],
    },
    {
      why: 'duplicates that differ only in spaces',
      imageUrl: '/a.png',
      imageUrls: [' /a.png', '/a.png '],
      images: ['/a.png'],
    },
    {
      why: 'URLs that differ in case as two',
      imageUrl: null,
      imageUrls: ['/a.png', '/A.png'],
      images: ['/a.png', '/A.png'],
    },
    {
      why: 'the main image beside 20 listed (the limit is on the list)',
      imageUrl: '/m.png',
      imageUrls: Array.from({ length: 20 }, (_, index) => `/${index}.png`),
      images: ['/m.png', ...Array.from({ length: 20 }, (_, index) => `/${index}.png`)],
    },
    {
      why: '20 listed besides blanks',
      imageUrl: null,
      imageUrls: [...Array.from({ length: 20 }, (_, index) => `/${index}.png`), '', ' '],
      images: Array.from({ length: 20 }, (_, index) => `/${index}.png`),
    },
  ])('makes one list of $why', ({ imageUrl, imageUrls, images }) => {
    expect(normaliseImages(imageUrl, imageUrls)).toEqual(images);
  });

  it('counts the list before removing duplicates', () => {
    expect(
      normaliseImages(
        null,
        Array.from({ length: 21 }, () => '/a.png'),
      ),
    ).toEqual({
      message: 'Image URLs must have at most 20 entries',
      field: 'imageUrls',
    });
  });
});

describe('isAcceptableImageUrl', () => {
  it.each([
    'https://cdn.example.com/a.png',
    'http://example.com/a.png',
    'HTTPS://EXAMPLE.COM/A.PNG',
    'https://example.com/a.png?size=2#top',
    'https://[::1]/a.png',
    '/images/a.png',
    '/',
    `https://example.com/${'a'.repeat(2048 - 'https://example.com/'.length)}`,
  ])('accepts %s', (url) => {
    expect(isAcceptableImageUrl(url)).toBe(true);
  });

  it.each([
    { why: 'nothing', url: '' },
    { why: 'a relative path', url: 'images/a.png' },
    { why: 'a protocol-relative URL (another host)', url: '//evil.example/a.png' },
    { why: 'another scheme', url: 'ftp://example.com/a.png' },
    { why: 'javascript:', url: 'javascript:alert(1)' },
    { why: 'a data URL', url: 'data:image/png;base64,AAAA' },
    { why: 'a file URL', url: 'file:///etc/passwd' },
    { why: 'http without a host', url: 'http://' },
    { why: 'a space', url: 'https://example.com/a b.png' },
    { why: 'a leading space (not trimmed here)', url: ' /a.png' },
    { why: 'a tab', url: '/a\t.png' },
    { why: 'a newline', url: '/a.png\n' },
    { why: 'a NUL', url: '/a\u0000.png' },
    { why: 'a backslash', url: '/\\evil.example/a.png' },
    {
      why: 'more than 2048 characters',
      url: `https://example.com/${'a'.repeat(2049 - 'https://example.com/'.length)}`,
    },
  ])('refuses $why', ({ url }) => {
    expect(isAcceptableImageUrl(url)).toBe(false);
  });
});
