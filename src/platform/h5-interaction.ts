import type { Interaction } from './feedback';
import { accessibleModal } from './modal-a11y';
import { taroInteraction } from './taro-interaction';

/**
 * H5's interaction calls, loaded with the first toast, confirmation or spinner (index.h5.ts): Taro's, with its
 * confirmation made a real dialog for keyboards and screen readers (modal-a11y.ts).
 */
export const h5Interaction: Interaction = { ...taroInteraction, accessibleModal };
