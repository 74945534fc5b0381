import { Type, type Static } from '@sinclair/typebox';
import { SEARCH_HIT_TYPES, SEARCH_KEYWORD_MAX } from '../catalogue';
import { PageQuery, Paged } from './common';
import { Nullable, OneOf } from './helpers';

/**
 * multiplesearch: one keyword across restaurant names, dish names and news titles, in both languages,
 * case-insensitive. Hits come restaurants first, then dishes, then news; paged over all of them (or one type).
 */
export const MultipleSearchQuery = Type.Composite([
  PageQuery,
  Type.Object({
    keyword: Type.String({
      description: `1-${SEARCH_KEYWORD_MAX} characters after trimming spaces; empty or longer is a 400 with its own message`,
    }),
    type: Type.Optional(OneOf(SEARCH_HIT_TYPES)),
  }),
]);
export type MultipleSearchQuery = Static<typeof MultipleSearchQuery>;

/** What to open: restaurant -> storeinfo(id); dish -> storeinfo(restaurant_id) + item id; news -> article(id). */
export const SearchHit = Type.Object({
  type: OneOf(SEARCH_HIT_TYPES),
  id: Type.Integer(),
  title: Type.String(),
  subtitle: Type.String({ description: 'restaurant: its cuisines; dish: its restaurant; news: its summary' }),
  picture: Type.String(),
  restaurant_id: Nullable(Type.Integer(), 'the restaurant itself, or the dish’s restaurant; null for news'),
  price_fen: Nullable(Type.Integer(), 'dishes only'),
});
export type SearchHit = Static<typeof SearchHit>;

export const MultipleSearch = Type.Composite([
  Paged(SearchHit),
  Type.Object({
    keyword: Type.String({ description: 'the keyword as searched (trimmed)' }),
    counts: Type.Object({ restaurant: Type.Integer(), dish: Type.Integer(), news: Type.Integer() }),
  }),
]);
export type MultipleSearch = Static<typeof MultipleSearch>;
