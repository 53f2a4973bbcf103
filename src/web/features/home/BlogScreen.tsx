import { BlogPostList } from './BlogPostList';

/** /blog: every public post of the network's blog, newest first (the footer's Blog). */
export function BlogScreen() {
  return <BlogPostList page />;
}
