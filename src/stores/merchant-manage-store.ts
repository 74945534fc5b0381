import { makeAutoObservable, runInAction } from 'mobx';
import type { BusyBody, Member, MemberRole, Takings } from '../../types/api/merchant';
import type { Menu } from '../../types/api/stores';
import type { MerchantApi } from '../services';
import type { LoadStatus, MerchantStore } from './merchant-store';

export type BusyChoice = BusyBody['busy'];
/** The busy-mode lengths the console offers (minutes), besides "until the next opening". */
export const BUSY_MINUTES = [15, 30, 60] as const;
/** How often the console looks at the clock while a management screen is shown (busy mode ends by itself). */
export const MANAGE_TICK_MS = 15_000;

const DAY = 24 * 3600_000;
const CHINA = 8 * 3600_000;
/** The start of the China day after the one `at` falls in (epoch ms): when "closed today" ends. */
export const nextChinaDay = (at: number) => Math.floor((at + CHINA) / DAY) * DAY - CHINA + DAY;

/** What the console accepts as a member's contact: a mainland mobile number or an e-mail address. */
export const isContact = (s: string) => /^1\d{10}$/.test(s) || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s);

export interface MerchantManageDeps {
  merchant: () => MerchantApi;
  /** The restaurant's menu as customers read it (menulist): dishes and options with their sold-out flags. */
  menu: (restaurantId: number) => Promise<Menu>;
  /** The order board's store: the account's restaurants, the chosen one and the role in it. */
  board: MerchantStore;
  showError: (err: unknown) => void;
  now?: () => number;
  /** Repeats fn every ms; answers a function that stops it (tests drive it by hand). */
  every?: (fn: () => void, ms: number) => () => void;
}

const defaultEvery = (fn: () => void, ms: number) => {
  const id = setInterval(fn, ms);
  return () => clearInterval(id);
};

/**
 * The restaurant console's management (issue 18): dishes and options sold out and back (staff and owners), busy mode
 * and "closed today" (owners), today's takings (owners) and the members (owners: invite by phone or e-mail, remove).
 * The restaurant is the one chosen on the order board (MerchantStore). Every write is an action here; the server
 * checks the role again and refuses what the role may not do.
 */
export class MerchantManageStore {
  menu: Menu | undefined = undefined;
  menuStatus: LoadStatus = 'idle';
  menuError: unknown = undefined;
  /** Dishes (`d<id>`) and options (`o<id>`) with a sold-out change under way. */
  toggling = new Set<string>();

  takings: Takings | undefined = undefined;
  takingsStatus: LoadStatus = 'idle';
  takingsError: unknown = undefined;

  members: Member[] = [];
  /** The restaurant `members` belong to (another restaurant chosen: they are not shown while its own load). */
  membersOf = 0;
  membersStatus: LoadStatus = 'idle';
  membersError: unknown = undefined;
  inviting = false;
  removing = new Set<number>();

  /** A busy or closed change under way. */
  saving = false;
  /** The clock the screens read (busy mode and closure end by themselves): moved by tick(). */
  now: number;

  private stopTick: (() => void) | undefined = undefined;
  private menuRound = 0;

  constructor(private readonly deps: MerchantManageDeps) {
    this.now = (deps.now ?? Date.now)();
    makeAutoObservable<MerchantManageStore, 'deps' | 'stopTick' | 'menuRound'>(this, {
      deps: false,
      stopTick: false,
      menuRound: false,
    });
  }

  get board(): MerchantStore {
    return this.deps.board;
  }

  get restaurantId(): number {
    return this.deps.board.restaurantId;
  }

  get role(): MemberRole | undefined {
    return this.deps.board.restaurant?.role;
  }

  get isOwner(): boolean {
    return this.role === 'owner';
  }

  /** When busy mode ends (epoch ms), or null when not busy (also once its time has passed). */
  get busyUntil(): number | null {
    const until = this.deps.board.restaurant?.busy_until ?? null;
    return until !== null && until > this.now ? until : null;
  }

  /** The manual closure: null when open; resumeAt null when closed until reopened by hand. */
  get closure(): { resumeAt: number | null } | null {
    const r = this.deps.board.restaurant;
    if (!r?.closed) return null;
    if (r.resume_at !== null && r.resume_at <= this.now) return null;
    return { resumeAt: r.resume_at };
  }

  /** The account's restaurants (once), so that a management screen opened directly knows restaurant and role. */
  async open(): Promise<void> {
    if (this.deps.board.restaurantsStatus !== 'ready') await this.deps.board.loadRestaurants();
  }

  tick() {
    const before = this.busyUntil;
    this.now = (this.deps.now ?? Date.now)();
    // Busy mode just ended by itself: read the restaurant again (the server says the same by then).
    if (before !== null && this.busyUntil === null) void this.deps.board.loadRestaurants();
  }

  /** Looks at the clock every MANAGE_TICK_MS until stopTicking (one ticker at a time). */
  startTicking() {
    this.stopTicking();
    this.tick();
    this.stopTick = (this.deps.every ?? defaultEvery)(() => this.tick(), MANAGE_TICK_MS);
  }

  stopTicking() {
    this.stopTick?.();
    this.stopTick = undefined;
  }

  // --- Sold out ---------------------------------------------------------------------------------------------------

  async loadMenu(): Promise<void> {
    const restaurantId = this.restaurantId;
    if (!restaurantId) return;
    const round = ++this.menuRound;
    if (this.menu?.restaurant_id !== restaurantId) {
      this.menu = undefined;
      this.menuStatus = 'loading';
    }
    try {
      const menu = await this.deps.menu(restaurantId);
      runInAction(() => {
        if (round !== this.menuRound) return;
        this.menu = menu;
        this.menuStatus = 'ready';
        this.menuError = undefined;
      });
    } catch (err) {
      runInAction(() => {
        if (round !== this.menuRound) return;
        this.menuError = err;
        if (this.menuStatus !== 'ready') this.menuStatus = 'error';
      });
    }
  }

  /** Marks a dish or an option sold out (true) or back on sale; true when the server took it. */
  async setSoldOut(kind: 'dish' | 'option', id: number, soldOut: boolean): Promise<boolean> {
    const key = `${kind === 'dish' ? 'd' : 'o'}${id}`;
    const restaurantId = this.restaurantId;
    if (!restaurantId || this.toggling.has(key)) return false;
    this.toggling.add(key);
    try {
      await this.deps.merchant().soldOut({
        restaurant_id: restaurantId,
        sold_out: soldOut,
        ...(kind === 'dish' ? { dish_id: id } : { option_id: id }),
      });
      runInAction(() => {
        if (this.menu?.restaurant_id !== restaurantId) return;
        for (const category of this.menu.categories) {
          for (const item of category.items) {
            if (kind === 'dish' && item.id === id) item.sold_out = soldOut;
            if (kind === 'option') {
              for (const group of item.option_groups) {
                for (const option of group.options) if (option.id === id) option.sold_out = soldOut;
              }
            }
          }
        }
      });
      return true;
    } catch (err) {
      this.deps.showError(err);
      return false;
    } finally {
      runInAction(() => this.toggling.delete(key));
    }
  }

  // --- Busy mode and closure (owners) -----------------------------------------------------------------------------

  /** Busy for 15/30/60 minutes, until the next opening, or off; the restaurant is read again after. */
  setBusy(busy: BusyChoice): Promise<boolean> {
    return this.save(() => this.deps.merchant().busy({ restaurant_id: this.restaurantId, busy }));
  }

  /** Closed for the rest of today (normal hours again from the next China day). */
  closeToday(): Promise<boolean> {
    const resumeAt = nextChinaDay((this.deps.now ?? Date.now)());
    return this.save(() =>
      this.deps.merchant().closed({ restaurant_id: this.restaurantId, closed: true, resume_at: resumeAt }),
    );
  }

  /** Closed until reopened by hand. */
  closeUntilReopened(): Promise<boolean> {
    return this.save(() => this.deps.merchant().closed({ restaurant_id: this.restaurantId, closed: true }));
  }

  reopen(): Promise<boolean> {
    return this.save(() => this.deps.merchant().closed({ restaurant_id: this.restaurantId, closed: false }));
  }

  private async save(call: () => Promise<unknown>): Promise<boolean> {
    if (!this.restaurantId || this.saving) return false;
    this.saving = true;
    try {
      await call();
      return true;
    } catch (err) {
      this.deps.showError(err);
      return false;
    } finally {
      await this.deps.board.loadRestaurants();
      runInAction(() => {
        this.saving = false;
        this.now = (this.deps.now ?? Date.now)();
      });
    }
  }

  // --- Today (owners) ---------------------------------------------------------------------------------------------

  async loadTakings(): Promise<void> {
    const restaurantId = this.restaurantId;
    if (!restaurantId) return;
    if (this.takings?.restaurant_id !== restaurantId) this.takingsStatus = 'loading';
    try {
      const takings = await this.deps.merchant().today(restaurantId);
      runInAction(() => {
        if (restaurantId !== this.restaurantId) return;
        this.takings = takings;
        this.takingsStatus = 'ready';
        this.takingsError = undefined;
      });
    } catch (err) {
      runInAction(() => {
        this.takingsError = err;
        if (this.takingsStatus !== 'ready') this.takingsStatus = 'error';
      });
    }
  }

  // --- Members (owners) -------------------------------------------------------------------------------------------

  async loadMembers(): Promise<void> {
    const restaurantId = this.restaurantId;
    if (!restaurantId) return;
    if (this.membersOf !== restaurantId) {
      this.members = [];
      this.membersStatus = 'loading';
    } else if (this.membersStatus !== 'ready') this.membersStatus = 'loading';
    try {
      const { list } = await this.deps.merchant().members(restaurantId);
      runInAction(() => {
        if (restaurantId !== this.restaurantId) return;
        this.members = list;
        this.membersOf = restaurantId;
        this.membersStatus = 'ready';
        this.membersError = undefined;
      });
    } catch (err) {
      runInAction(() => {
        this.membersError = err;
        if (this.membersStatus !== 'ready') this.membersStatus = 'error';
      });
    }
  }

  /** Adds an existing account by phone or e-mail; the member added, or undefined (the error was shown). */
  async invite(contact: string, role: MemberRole): Promise<Member | undefined> {
    const restaurantId = this.restaurantId;
    if (!restaurantId || this.inviting) return undefined;
    this.inviting = true;
    try {
      const member = await this.deps.merchant().invite({ restaurant_id: restaurantId, contact: contact.trim(), role });
      return member;
    } catch (err) {
      this.deps.showError(err);
      return undefined;
    } finally {
      runInAction(() => (this.inviting = false));
      await this.loadMembers();
    }
  }

  /**
   * Whether the server would end this membership, by its rule (merchants service removeMember): any staff member,
   * an owner only while another owner remains (the owner's own row included: leaving is allowed then). Another
   * owner's removal at the same moment can still make the server refuse; removeMember shows that refusal.
   */
  canRemove(member: Member): boolean {
    return member.role !== 'owner' || this.members.filter((m) => m.role === 'owner').length > 1;
  }

  /**
   * Ends a membership (the screen asked for confirmation); the server refuses to remove the last owner, and that
   * refusal is shown. `leaving`: the member is the account itself, which then no longer sees this restaurant, so
   * the account's restaurants are read again instead of the members.
   */
  async removeMember(userId: number, leaving = false): Promise<boolean> {
    const restaurantId = this.restaurantId;
    if (!restaurantId || this.removing.has(userId)) return false;
    this.removing.add(userId);
    let removed = false;
    try {
      await this.deps.merchant().removeMember(restaurantId, userId);
      runInAction(() => (this.members = this.members.filter((m) => m.user_id !== userId)));
      removed = true;
      return true;
    } catch (err) {
      this.deps.showError(err);
      return false;
    } finally {
      runInAction(() => this.removing.delete(userId));
      if (removed && leaving) await this.deps.board.loadRestaurants();
      else await this.loadMembers();
    }
  }
}
