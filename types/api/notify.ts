import { Type, type Static } from '@sinclair/typebox';

/** The subscribe message templates in use (WeChat template ids by kind); a kind not listed is not asked for. */
export const SubscribeTemplates = Type.Object({
  accepted: Type.Optional(Type.String()),
  ready: Type.Optional(Type.String()),
  delivered: Type.Optional(Type.String()),
});
export type SubscribeTemplates = Static<typeof SubscribeTemplates>;

/** What wx.requestSubscribeMessage answered: template id -> accept | reject | ban | filter. */
export const SubscribeGrantBody = Type.Object({
  results: Type.Record(Type.String({ maxLength: 64 }), Type.String({ maxLength: 16 }), { maxProperties: 10 }),
});
export type SubscribeGrantBody = Static<typeof SubscribeGrantBody>;

/** The one-time grants the customer has left, by kind. */
export const SubscribeGrants = Type.Object({
  accepted: Type.Integer(),
  ready: Type.Integer(),
  delivered: Type.Integer(),
});
export type SubscribeGrants = Static<typeof SubscribeGrants>;
