import { compareStructural, makeAutoObservable, reaction, runInAction, type IReactionDisposer } from 'mobx';
import type { Address } from '../../types/api/addresses';
import type { ConfirmOrderBody, PaymentMethod, Problem, Quote, SubmitOrderBody } from '../../types/api/checkout';
import type { Lang } from '../../types/lang';
import type { OrderMode } from '../../types/order-status';
import type { Storage } from '../platform/types';
import type { AddressesApi, OrdersApi } from '../services';
import { attemptDone, attemptKey } from '../utils/attempt-key';

export interface CheckoutDeps {
  orders: () => OrdersApi;
  addresses: () => AddressesApi;
  /** Where the idempotency key of an attempt is kept until it succeeds (it survives a reload of the page). */
  storage: Storage;
  /** The quote's messages are in the request's language: a change of language asks again. */
  lang: () => Lang;
  isLoggedIn: () => boolean;
  /** The order took the cart: the server has emptied it. */
  onPlaced: (restaurantId: number) => void;
}

/** A choice the customer still has to make before the order can be sent; `problems`: the quote refuses it. */
export type CheckoutMissing = 'address' | 'time' | 'payment' | 'problems';

/**
 * What submit() came to. `paid`: nothing to pay online (the balance was debited, or the order is paid on delivery);
 * `pay`: the order waits for its online payment (PaymentStore.pay with `orderId`); `refused`: no order was made (the
 * server refused it, with the problems it found when it says which, or the call failed: `error` says why, the new
 * quote follows, and trying again is the same attempt); `incomplete`: nothing was sent, a choice is missing; `busy`:
 * nothing was sent, a quote or another submit is under way, or this checkout has placed its order.
 */
export type CheckoutOutcome =
  | { kind: 'paid'; orderId: number }
  | { kind: 'pay'; orderId: number; method: PaymentMethod; totalFen: number }
  | { kind: 'refused'; problems: Problem[]; error: unknown }
  | { kind: 'incomplete'; missing: CheckoutMissing }
  | { kind: 'busy' };

export type QuoteStatus = 'idle' | 'loading' | 'ready' | 'error';

/** Where the payment method of the customer's last order is kept (preselected next time when offered). */
export const LAST_METHOD_KEY = 'checkout_last_method';

/**
 * The quote's problems that are changes since the cart was filled (a line sold out, gone or repriced, the
 * restaurant closed or busy (it takes no orders until a time), a way of ordering it no longer offers): the "what
 * changed" box lists only these. The others
 * belong to a choice and are shown beside it (address out of range, minimum order, voucher, method, balance, time).
 */
export const CHANGE_CODES: ReadonlySet<Problem['code']> = new Set([
  'sold_out',
  'option_sold_out',
  'gone',
  'price_changed',
  'closed',
  'busy',
  'mode_unavailable',
]);

/** The problems a refused submit (1001) carries in `data`, if any. */
function problemsOf(err: unknown): Problem[] | undefined {
  const data = (err as { data?: { problems?: unknown } | null } | null)?.data;
  return data && Array.isArray(data.problems) ? (data.problems as Problem[]) : undefined;
}

/**
 * The checkout of one restaurant's cart (settlemt/{rid}, spec §5; DESIGN.md §3): the customer's choices (delivery to
 * an address of the address book or collection at a time, payment method, voucher, cutlery, comment), the server's
 * quote that follows them, and placing the order. Every amount is the server's: a change of choice asks for a new
 * quote, and an answer to an older question is dropped. Placing the order is idempotent: one key per attempt, kept
 * until it succeeds, so a double tap or a retry after a timeout never makes two orders.
 *
 * A new quote is first reconciled with the choices (reconcile): a mode, voucher or method it no longer offers is
 * dropped. Defaults the customer did not choose (the default address, the best voucher, the earliest collection time)
 * are applied in the same places.
 */
export class CheckoutStore {
  rid = 0;
  mode: OrderMode = 'delivery';
  addressId: number | undefined = undefined;
  collectionTime: number | undefined = undefined;
  method: PaymentMethod | undefined = undefined;
  voucherId: number | undefined = undefined;
  cutlery = false;
  comment = '';
  /** The customer chose the address / the voucher (or none) themselves: defaults no longer replace it. */
  addressChosen = false;
  voucherChosen = false;
  modeChosen = false;
  /** The customer chose the collection time: until then it is the earliest the quote offers. */
  timeChosen = false;

  /** The address book (undefined until it loads). */
  addresses: Address[] | undefined = undefined;
  /** The last quote answered for the current choices' restaurant; it stays while the next one is on its way. */
  quote: Quote | undefined = undefined;
  quoteStatus: QuoteStatus = 'idle';
  quoteError: unknown = undefined;
  /** The problems of a refused submit, shown until the next quote answers. */
  refused: Problem[] | undefined = undefined;
  submitting = false;
  /** The order this checkout made: it is done (the cart is the order now); nothing more is sent until open(). */
  placed: number | undefined = undefined;

  /** Asking again for the same choices (after a refused submit, or "retry"). */
  private round = 0;
  private question = 0;
  private addressQuestion = 0;
  private stopQuoting: IReactionDisposer | undefined;

  constructor(private readonly deps: CheckoutDeps) {
    makeAutoObservable<CheckoutStore, 'deps' | 'question' | 'addressQuestion' | 'stopQuoting'>(this, {
      deps: false,
      question: false,
      addressQuestion: false,
      stopQuoting: false,
    });
  }

  /** The body of the quote the current choices ask for (undefined: nothing to ask). */
  get quoteBody(): ConfirmOrderBody | undefined {
    if (!this.rid || !this.deps.isLoggedIn()) return undefined;
    return {
      restaurant_id: this.rid,
      mode: this.mode,
      ...(this.mode === 'delivery' ? { address_id: this.addressId } : { collection_time: this.collectionTime }),
      voucher_id: this.voucherId,
      payment_method: this.method,
    };
  }

  get quoting(): boolean {
    return this.quoteStatus === 'loading';
  }

  /** The modes the restaurant offers here (the quote's word; both until it answers). */
  get modes(): OrderMode[] {
    const quoted = this.quote?.modes;
    return quoted && quoted.length > 0 ? quoted : ['delivery', 'collection'];
  }

  get address(): Address | undefined {
    return this.addresses?.find((a) => a.id === this.addressId);
  }

  /** What changed since the cart was filled: a refused submit's reasons until the next quote answers. */
  get problems(): Problem[] {
    if (this.refused && this.refused.length > 0 && this.quoting) return this.refused;
    return this.quote?.problems ?? [];
  }

  /** Of the problems, the changes since the cart was filled (CHANGE_CODES): the "what changed" box. */
  get changes(): Problem[] {
    return this.problems.filter((p) => CHANGE_CODES.has(p.code));
  }

  /** The problem of this code, if the quote has it (shown beside the choice it concerns). */
  problem(code: Problem['code']): Problem | undefined {
    return this.problems.find((p) => p.code === code);
  }

  /** Delivery below the minimum order: how much is missing (0: none). */
  get belowMinimumFen(): number {
    const q = this.quote;
    if (!q || this.mode !== 'delivery' || q.lines.length === 0) return 0;
    return Math.max(0, q.min_order_fen - q.goods_fen);
  }

  /** Whether the restaurant reaches the address (undefined: the quote has not said). */
  reaches(addressId: number): { inRange: boolean; distanceM: number } | undefined {
    const r = this.quote?.address_reach.find((a) => a.id === addressId);
    return r && { inRange: r.in_range, distanceM: r.distance_m };
  }

  /** The address book with the addresses the restaurant reaches first (then in the book's order). */
  get addressesByReach(): Address[] | undefined {
    const list = this.addresses;
    if (!list) return undefined;
    const out = (a: Address) => (this.reaches(a.id)?.inRange === false ? 1 : 0);
    return list
      .map((a, i) => ({ a, i }))
      .sort((x, y) => out(x.a) - out(y.a) || x.i - y.i)
      .map((x) => x.a);
  }

  get cartEmpty(): boolean {
    return !!this.quote && this.quote.lines.length === 0;
  }

  /** The first choice still missing, in the order the customer is told (undefined: the order can be sent). */
  get missing(): CheckoutMissing | undefined {
    if (this.mode === 'delivery' && !this.address) return 'address';
    if (this.mode === 'collection' && !this.collectionTime) return 'time';
    if (!this.method) return 'payment';
    if (this.quote && !this.quote.can_submit) return 'problems';
    return undefined;
  }

  /**
   * Starts the checkout of restaurant `rid` with fresh choices: loads the address book and asks for quotes while
   * the choices change, until close().
   */
  open(rid: number) {
    this.close();
    this.reset(rid);
    void this.reloadAddresses();
    this.stopQuoting = reaction(
      () => ({ body: this.quoteBody, lang: this.deps.lang(), round: this.round }),
      ({ body }) => void this.ask(body),
      { fireImmediately: true, equals: compareStructural },
    );
  }

  /** Stops following the choices (the screen went away) and forgets them; an answer still on its way is dropped. */
  close() {
    this.stopQuoting?.();
    this.stopQuoting = undefined;
    this.question++;
    this.addressQuestion++;
    this.reset(0);
  }

  private reset(rid: number) {
    this.rid = rid;
    this.mode = 'delivery';
    this.addressId = undefined;
    this.collectionTime = undefined;
    this.method = undefined;
    this.voucherId = undefined;
    this.cutlery = false;
    this.comment = '';
    this.addressChosen = false;
    this.voucherChosen = false;
    this.modeChosen = false;
    this.timeChosen = false;
    this.addresses = undefined;
    this.quote = undefined;
    this.quoteStatus = 'idle';
    this.quoteError = undefined;
    this.refused = undefined;
    this.placed = undefined;
  }

  chooseMode(mode: OrderMode) {
    this.mode = mode;
    this.modeChosen = true;
  }

  chooseAddress(id: number) {
    this.addressId = id;
    this.addressChosen = true;
  }

  chooseCollectionTime(time: number) {
    this.collectionTime = time;
    this.timeChosen = true;
  }

  chooseMethod(method: PaymentMethod) {
    this.method = method;
  }

  chooseVoucher(id: number | undefined) {
    this.voucherId = id;
    this.voucherChosen = true;
  }

  setCutlery(value: boolean) {
    this.cutlery = value;
  }

  setComment(value: string) {
    this.comment = value;
  }

  /** Asks for the quote of the current choices again. */
  requote() {
    this.round++;
  }

  /** Reloads the address book (coming back from the edit-address screen, it may have a new address). */
  async reloadAddresses(): Promise<void> {
    const question = ++this.addressQuestion;
    if (!this.deps.isLoggedIn()) return;
    try {
      const { list } = await this.deps.addresses().list();
      if (question === this.addressQuestion) this.adoptAddresses(list);
    } catch (err) {
      // The chooser says there is none and offers to add one; the quote still answers.
      console.warn('addrlist failed', err);
      if (question === this.addressQuestion) this.adoptAddresses(this.addresses ?? []);
    }
  }

  /** Places the order for the current choices and quote (see CheckoutOutcome). */
  async submit(): Promise<CheckoutOutcome> {
    const quote = this.quote;
    if (!this.rid || !quote || this.quoting || this.submitting || this.placed) return { kind: 'busy' };
    const missing = this.missing;
    if (missing) return { kind: 'incomplete', missing };
    const rid = this.rid;
    const body: Omit<SubmitOrderBody, 'idempotency_key'> = {
      restaurant_id: rid,
      mode: this.mode,
      ...(this.mode === 'delivery' ? { address_id: this.addressId } : { collection_time: this.collectionTime }),
      payment_method: this.method!,
      voucher_id: this.voucherId,
      comment: this.comment.trim() || undefined,
      cutlery: this.cutlery,
      expected_total_fen: quote.total_fen,
    };
    const scope = `checkout_attempt_${rid}`;
    const key = attemptKey(this.deps.storage, scope, body);
    this.submitting = true;
    try {
      const result = await this.deps.orders().submit({ ...body, idempotency_key: key });
      attemptDone(this.deps.storage, scope);
      this.deps.storage.set(LAST_METHOD_KEY, body.payment_method);
      runInAction(() => {
        this.placed = result.order_id;
      });
      this.deps.onPlaced(rid);
      return result.needs_payment
        ? { kind: 'pay', orderId: result.order_id, method: body.payment_method, totalFen: result.total_fen }
        : { kind: 'paid', orderId: result.order_id };
    } catch (error) {
      // The key stays: trying again with the same order is the same attempt. The new quote shows what changed.
      const problems = problemsOf(error) ?? [];
      runInAction(() => {
        if (problems.length > 0) this.refused = problems;
      });
      this.requote();
      return { kind: 'refused', problems, error };
    } finally {
      runInAction(() => {
        this.submitting = false;
      });
    }
  }

  private async ask(body: ConfirmOrderBody | undefined) {
    const question = ++this.question;
    if (!body) {
      this.quoteStatus = 'idle';
      return;
    }
    this.quoteStatus = 'loading';
    this.quoteError = undefined;
    try {
      const quote = await this.deps.orders().confirm(body);
      if (question === this.question) this.reconcile(quote);
    } catch (err) {
      runInAction(() => {
        if (question !== this.question) return;
        this.quoteStatus = 'error';
        this.quoteError = err;
      });
    }
  }

  /** A new quote for the current choices: choices it no longer offers are dropped (which asks again). */
  private reconcile(quote: Quote) {
    if (quote.modes.length > 0 && !quote.modes.includes(this.mode)) {
      // Not the quote of a mode the customer can have: ask for the restaurant's own (stays loading).
      this.mode = quote.modes[0]!;
      return;
    }
    // Delivery below its minimum where collection (no minimum) is offered, not chosen by the customer: collection.
    if (
      !this.modeChosen &&
      this.mode === 'delivery' &&
      quote.modes.includes('collection') &&
      quote.problems.some((p) => p.code === 'below_minimum')
    ) {
      this.modeChosen = true;
      this.mode = 'collection';
      return;
    }
    this.quote = quote;
    this.quoteStatus = 'ready';
    this.refused = undefined;
    if (this.voucherId !== undefined && !quote.vouchers.some((v) => v.id === this.voucherId)) {
      this.voucherId = undefined;
    }
    // The best voucher for this order until the customer chooses (one, or none) themselves.
    if (!this.voucherChosen && quote.best_voucher_id !== null && this.voucherId !== quote.best_voucher_id) {
      this.voucherId = quote.best_voucher_id;
    }
    if (this.method !== undefined && !quote.payment_methods.includes(this.method)) this.method = undefined;
    // The only method, or the one of the customer's last order when this restaurant takes it.
    if (this.method === undefined) {
      const last = this.deps.storage.get<PaymentMethod>(LAST_METHOD_KEY);
      if (quote.payment_methods.length === 1) this.method = quote.payment_methods[0];
      else if (last && quote.payment_methods.includes(last)) this.method = last;
    }
    // Collection at the earliest time the restaurant offers until the customer chooses one; a default time that has
    // passed moves on to the new earliest (a chosen one stays, and the quote says it is no longer available).
    if (this.mode === 'collection' && !this.timeChosen && this.collectionTime !== quote.collection_times[0]) {
      this.collectionTime = quote.collection_times[0];
    }
    // Delivery to an address the restaurant does not reach, not chosen by the customer: the first one it reaches.
    if (this.mode === 'delivery' && !this.addressChosen && this.addressId !== undefined) {
      const reach = quote.address_reach;
      const here = reach.find((r) => r.id === this.addressId);
      const inRange = this.addressesByReach?.find((a) => reach.some((r) => r.id === a.id && r.in_range));
      if (here && !here.in_range && inRange) this.addressId = inRange.id;
    }
  }

  /** The default address until the customer chooses (or when the chosen one is gone). */
  private adoptAddresses(list: Address[]) {
    this.addresses = list;
    if (list.length > 0 && (this.addressId === undefined || !list.some((a) => a.id === this.addressId))) {
      this.addressId = (list.find((a) => a.is_default) ?? list[0]!).id;
    }
  }
}
