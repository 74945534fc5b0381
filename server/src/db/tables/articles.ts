import type { Generated } from 'kysely';

/** Timestamps are epoch milliseconds (bigint in PostgreSQL, parsed to number); money is integer fen. */
export interface ArticlesTable {
  id: Generated<number>;
  kind: 'article' | 'news';
  title_cn: string;
  title_en: string;
  summary_cn: string;
  summary_en: string;
  body_cn: string;
  body_en: string;
  cover: string;
  published_at: number;
  created_at: number;
}

export interface ArticlesTables {
  articles: ArticlesTable;
}
