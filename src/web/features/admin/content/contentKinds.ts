// The three kinds of network content admins write (spec 2 §2 /admin/wiki, /admin/blog,
// /admin/pages and Editor screens): where each lives in the API, the admin area and the site.
import type { z } from 'zod';
import {
  blogPostListItemSchema,
  blogPostSchema,
  pageListItemSchema,
  pageSchema,
  wikiPageListItemSchema,
  wikiPageSchema,
} from '../../../../common/schemas/content';

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
  schema: z.ZodType<Item>;
  listSchema: z.ZodType<ListItem[]>;
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
  schema: blogPostSchema,
  listSchema: blogPostListItemSchema.array(),
  viewPath: (slug) => `/blog/${slug}`,
  withImage: true,
  slugFixedOnEdit: false,
  publicKey: 'blog',
} satisfies ContentKind<z.infer<typeof blogPostSchema>, z.infer<typeof blogPostListItemSchema>>;

export const PAGES = {
  key: 'page',
  name: 'Page',
  plural: 'Pages',
  adminPath: '/admin/pages',
  api: '/api/page',
  schema: pageSchema,
  listSchema: pageListItemSchema.array(),
  // /about and /chapter_types have addresses of their own; every page is also at /page/{slug}.
  viewPath: (slug) => `/page/${slug}`,
  withImage: false,
  slugFixedOnEdit: true,
  publicKey: 'page',
} satisfies ContentKind<z.infer<typeof pageSchema>, z.infer<typeof pageListItemSchema>>;

export const WIKI = {
  key: 'wiki',
  name: 'Wiki Page',
  plural: 'Wiki Pages',
  adminPath: '/admin/wiki',
  api: '/api/wiki_page',
  schema: wikiPageSchema,
  listSchema: wikiPageListItemSchema.array(),
  viewPath: (slug) => `/wiki/${slug}`,
  withImage: false,
  slugFixedOnEdit: false,
  publicKey: 'wiki',
} satisfies ContentKind<z.infer<typeof wikiPageSchema>, z.infer<typeof wikiPageListItemSchema>>;

/** What the editor needs of a kind, whichever it is. */
export type AnyKind = Omit<ContentKind<ContentItem, unknown>, 'listSchema'>;
