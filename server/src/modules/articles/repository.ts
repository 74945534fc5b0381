import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export type ArticleKind = 'article' | 'news';

/** The only SQL for articles and news. */
export function createArticlesRepository(db: Kysely<Database>) {
  return {
    async page(kind: ArticleKind, offset: number, limit: number) {
      const [rows, count] = await Promise.all([
        db
          .selectFrom('articles')
          .selectAll()
          .where('kind', '=', kind)
          .orderBy('published_at', 'desc')
          .orderBy('id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        db
          .selectFrom('articles')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('kind', '=', kind)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    async byId(id: number) {
      return db.selectFrom('articles').selectAll().where('id', '=', id).executeTakeFirst();
    },
  };
}

export type ArticlesRepository = ReturnType<typeof createArticlesRepository>;
