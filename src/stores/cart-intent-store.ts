import { makeAutoObservable } from 'mobx';
import type { MenuChoice } from '../utils/menu-choice';

/** What became of a confirmed choice: in the cart, not handled yet (no cart in this build), or refused. */
export type ChoiceOutcome = 'added' | 'pending' | 'failed';

/** Takes a validated menu choice; the cart issue installs one that calls addcart (CartStore.add). */
export type ChoiceHandler = (choice: MenuChoice) => Promise<ChoiceOutcome> | ChoiceOutcome;

/**
 * The hand-off from the menu item choice layer to the cart. Pages call onMenuChoice; until a handler is installed
 * the choice is only kept (lastChoice) and reported as 'pending', so the page can say the cart is not there yet.
 */
export class CartIntentStore {
  lastChoice: MenuChoice | undefined;
  private handler: ChoiceHandler | undefined;

  constructor() {
    makeAutoObservable<CartIntentStore, 'handler'>(this, { handler: false });
  }

  setHandler(handler: ChoiceHandler | undefined) {
    this.handler = handler;
  }

  async onMenuChoice(choice: MenuChoice): Promise<ChoiceOutcome> {
    this.lastChoice = choice;
    if (!this.handler) return 'pending';
    return this.handler(choice);
  }
}
