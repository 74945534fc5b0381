// Value exports here must stay free of TypeBox so the app bundles none of it; the app imports schemas' types only.
export * from './errors';
export * from './lang';
export * from './constants';
export type { ApiEnvelope, PagedData, PageQuery } from './api/common';
export type { Article, ArticleSummary } from './api/articles';
