// A product's fields defined once: the lists read off the definition, in the form's order, and a valid form as the
// contract takes it (price back in dollars, every field in that order).
import { describe, expect, it } from 'vitest';
import {
  PRODUCT_EXTENSION_FIELDS,
  PRODUCT_FIELD_NAMES,
  PRODUCT_GRAPH_INPUTS,
  contractFieldsOf,
} from './product-fields.js';

describe('PRODUCT_FIELDS', () => {
  it('names the editable fields in the form’s order', () => {
    expect(PRODUCT_FIELD_NAMES).toEqual([
      'name',
      'description',
      'price',
      'quantity',
      'imageUrl',
      'imageUrls',
      'imageAlts',
      'sku',
      'categoryIds',
      'lowStockThreshold',
    ]);
  });

  it('names the graph’s inputs: the price as exact text or the deprecated Float', () => {
    expect(PRODUCT_GRAPH_INPUTS).toEqual([
      'name',
      'description',
      'unitPriceAmount',
      'price',
      'quantity',
      'imageUrl',
      'imageUrls',
      'imageAlts',
      'sku',
      'categoryIds',
      'lowStockThreshold',
    ]);
  });

  it('names the fields only an extension carries', () => {
    expect(PRODUCT_EXTENSION_FIELDS).toEqual([
      { name: 'imageAlts', extension: 'product-pictures' },
      { name: 'sku', extension: 'product-sku' },
      { name: 'categoryIds', extension: 'product-categories' },
      { name: 'lowStockThreshold', extension: 'product-low-stock' },
    ]);
  });
});

describe('contractFieldsOf', () => {
  it('gives a valid form back in the contract’s fields and order, the price in dollars', () => {
    const body = contractFieldsOf({
      name: 'Syringe',
      description: 'Sterile, 5 ml',
      priceCents: 1250,
      quantity: 10,
      imageUrl: '/images/s.png',
      imageUrls: ['/images/s.png', '/images/t.png'],
      imageAlts: [{ url: '/images/t.png', alt: 'The syringe in its pack' }],
      sku: 'SYR-5',
      categoryIds: [3, 1],
      lowStockThreshold: 4,
    });
    expect(JSON.stringify(body)).toBe(
      '{"name":"Syringe","description":"Sterile, 5 ml","price":12.5,"quantity":10,"imageUrl":"/images/s.png",' +
        '"imageUrls":["/images/s.png","/images/t.png"],' +
        '"imageAlts":[{"url":"/images/t.png","alt":"The syringe in its pack"}],"sku":"SYR-5","categoryIds":[3,1],' +
        '"lowStockThreshold":4}',
    );
  });

  const valid = {
    name: 'Syringe',
    description: 'Sterile',
    priceCents: 100,
    quantity: 1,
    imageUrl: null,
    imageUrls: [],
    imageAlts: [],
    sku: null,
    categoryIds: [],
    lowStockThreshold: null,
  };

  it('leaves out a SKU the form left out (an update keeps it), and sends one cleared as null', () => {
    expect(Object.keys(contractFieldsOf(valid, { name: 'Syringe' }))).not.toContain('sku');
    expect(contractFieldsOf(valid, { name: 'Syringe', sku: '' }).sku).toBeNull();
    expect(contractFieldsOf(valid, { name: 'Syringe', sku: null }).sku).toBeNull();
  });
});
