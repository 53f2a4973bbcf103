// The three kinds of network content admins write (spec 2 §2 /admin/wiki, /admin/blog,
// /admin/pages and Editor screens): where each lives in the API, the admin area and the site.
import type {
  BlogPost,
  BlogPostListItem,
  Page,
  PageListItem,
  WikiPage,
  WikiPageListItem,
} from '../../../../common/schemas/content';
import type { AnswerSchema } from '../../../api';
import {
  blogPostListSchema,
  blogPostSchema,
  pageListSchema,
  pageSchema,
  wikiPageListSchema,
  wikiPageSchema,
} from '../../../answerSchemas';

export interface ContentKind<Item extends ContentItem, ListItem> {
  key: 'blog' | 'page' | 'wiki';
  /** 'Blog Post' */
  name: string;
  /** 'Blog Posts' */
  plural: string;
  /** '/admin/blog' */
  adminPath: string;
  /** '/api/blog_post' */
  api: string;
  /** The answers' schemas, for the calls to pass (none in a production build: api.ts). */
  schema: AnswerSchema<Item>;
  listSchema: AnswerSchema<ListItem[]>;
  /** The public address of one. */
  viewPath: (slug: string) => string;
  /** Spec 2 Editor screens: the image button is for blog posts only. */
  withImage: boolean;
  /** A page's slug cannot change once it exists. */
  slugFixedOnEdit: boolean;
  /** The query key of the public screen showing one (refetched after a save). */
  publicKey: string;
}

export interface ContentItem {
  id: number;
  title: string;
  slug: string;
  body: string;
  isPublic: boolean;
  isEditable?: boolean;
}

export const BLOG = {
  key: 'blog',
  name: 'Blog Post',
  plural: 'Blog Posts',
  adminPath: '/admin/blog',
  api: '/api/blog_post',
  schema: !import.meta.env?.PROD && blogPostSchema,
  listSchema: !import.meta.env?.PROD && blogPostListSchema,
  viewPath: (slug) => `/blog/${slug}`,
  withImage: true,
  slugFixedOnEdit: false,
  publicKey: 'blog',
} satisfies ContentKind<BlogPost, BlogPostListItem>;

export const PAGES = {
  key: 'page',
  name: 'Page',
  plural: 'Pages',
  adminPath: '/admin/pages',
  api: '/api/page',
  schema: !import.meta.env?.PROD && pageSchema,
  listSchema: !import.meta.env?.PROD && pageListSchema,
  // /about and /chapter_types have addresses of their own; every page is also at /page/{slug}.
  viewPath: (slug) => `/page/${slug}`,
  withImage: false,
  slugFixedOnEdit: true,
  publicKey: 'page',
} satisfies ContentKind<Page, PageListItem>;

export const WIKI = {
  key: 'wiki',
  name: 'Wiki Page',
  plural: 'Wiki Pages',
  adminPath: '/admin/wiki',
  api: '/api/wiki_page',
  schema: !import.meta.env?.PROD && wikiPageSchema,
  listSchema: !import.meta.env?.PROD && wikiPageListSchema,
  viewPath: (slug) => `/wiki/${slug}`,
  withImage: false,
  slugFixedOnEdit: false,
  publicKey: 'wiki',
} satisfies ContentKind<WikiPage, WikiPageListItem>;

/** What the editor needs of a kind, whichever it is. */
export type AnyKind = Omit<ContentKind<ContentItem, unknown>, 'listSchema'>;
