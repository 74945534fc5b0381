export const articles = {
  'article.not_found': { cn: '文章不存在（编号 {id}）', en: 'Article {id} was not found' },
} as const;
