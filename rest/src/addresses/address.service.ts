// Each account's address book (extension address-book): addresses in parts, checked by shop-rules' address rules,
// each answered with its printed form, the text an order keeps when it goes there.
import { notFound, badRequest, conflict } from '../shared/http-errors.js';
import {
  type AddressForm,
  MAX_ADDRESSES,
  TOO_MANY_ADDRESSES,
  checkAddress,
  printedAddress,
} from '../../../shop-rules/address-rules.js';
import type { AddressRow } from '../db/schema.js';
import type { AddressRepository } from './address.repository.js';

/** An address as answered: its row but the owner, and its printed form. */
export type AddressAnswer = Omit<AddressRow, 'userId'> & { printed: string };

function toAddressAnswer(row: AddressRow): AddressAnswer {
  const { userId: _owner, ...address } = row;
  return { ...address, printed: printedAddress(row) };
}

/** The address as kept, or a 400 naming its first part at fault (the message says which rule). */
function valid(form: AddressForm) {
  const checked = checkAddress(form);
  if (Array.isArray(checked)) throw badRequest(checked[0]!.message, checked[0]!.field);
  return checked;
}

const NOT_FOUND = () => notFound('Address not found', 'ADDRESS_NOT_FOUND', 'id');

export class AddressService {
  constructor(private readonly addresses: AddressRepository) {}

  async list(userId: number): Promise<AddressAnswer[]> {
    return (await this.addresses.list(userId)).map(toAddressAnswer);
  }

  /** The address kept, and whether it is new: one the book holds already is answered, never kept twice. */
  async add(userId: number, form: AddressForm): Promise<{ address: AddressAnswer; created: boolean }> {
    const added = await this.addresses.insert(userId, valid(form), MAX_ADDRESSES);
    if (!added) throw conflict(TOO_MANY_ADDRESSES, 'ADDRESS_BOOK_FULL');
    return { address: toAddressAnswer(added.row), created: added.created };
  }

  async update(userId: number, id: number, form: AddressForm): Promise<AddressAnswer> {
    const row = await this.addresses.update(userId, id, valid(form));
    if (!row) throw NOT_FOUND();
    return toAddressAnswer(row);
  }

  async delete(userId: number, id: number): Promise<void> {
    if (!(await this.addresses.delete(userId, id))) throw NOT_FOUND();
  }

  /**
   * An order went to `shippingAddress`: the saved address that prints so is now the last used (checkout offers it
   * first). Read after the order is placed, outside its transaction: the order never waits for the address book.
   */
  async markUsed(userId: number, shippingAddress: string, at: string): Promise<void> {
    const used = (await this.addresses.list(userId)).find((row) => printedAddress(row) === shippingAddress.trim());
    if (used) await this.addresses.markUsed(userId, used.id, at);
  }
}
