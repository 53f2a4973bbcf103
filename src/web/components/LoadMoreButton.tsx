import Button from 'react-bootstrap/Button';

interface Pages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** Load More for a paged list (TanStack's infinite query); hidden once there is no more. */
export function LoadMoreButton({ pages }: { pages: Pages }) {
  if (!pages.hasNextPage) return null;
  return (
    <Button
      variant="outline-primary"
      disabled={pages.isFetchingNextPage}
      onClick={() => void pages.fetchNextPage()}
    >
      {pages.isFetchingNextPage ? 'Loading...' : 'Load More'}
    </Button>
  );
}
