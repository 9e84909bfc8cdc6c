/** One article's text in one locale; `body` is plain-text paragraphs separated by blank lines. */
export type ArticleText = { readonly title: string; readonly summary: string; readonly body: string };

export type FaqText = { readonly question: string; readonly answer: string };

export type PageText = { readonly title: string; readonly body: string };
