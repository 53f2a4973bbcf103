import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  MEMBER_STATUS_FILTER_NAMES,
  type MemberStatusFilter,
} from '../../../../common/memberFilters';

/** How long typing rests before the search is asked for. */
export const SEARCH_DEBOUNCE_MS = 300;

function statusOf(text: string | null): MemberStatusFilter | null {
  return MEMBER_STATUS_FILTER_NAMES.find((s) => s === text) ?? null;
}

function pageOf(params: URLSearchParams): number {
  return Math.max(0, (Number.parseInt(params.get('page') ?? '1', 10) || 1) - 1);
}

interface Change {
  page?: number;
  search?: string;
  status?: MemberStatusFilter | null;
}

/**
 * The Members screen's page, search and status, kept in the address (?page=2&q=ann&status=
 * blocked) so a reload or Back shows the same page. The page counts from 1 there, as people do,
 * and from 0 in the API. What is typed in the search box reaches the address once typing rests.
 */
export function useMemberParams() {
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const [typed, setTyped] = useState(search);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // From the address as it is when the change lands (a debounced search comes later).
  function update(change: Change, replace: boolean) {
    setParams(
      (now) => {
        const next = {
          page: pageOf(now),
          search: now.get('q') ?? '',
          status: statusOf(now.get('status')),
          ...change,
        };
        const out = new URLSearchParams();
        if (next.page > 0) out.set('page', String(next.page + 1));
        if (next.search) out.set('q', next.search);
        if (next.status) out.set('status', next.status);
        return out;
      },
      { replace },
    );
  }

  // The address changed elsewhere (Back, a link): the box shows its search.
  useEffect(() => setTyped((box) => (box.trim() === search ? box : search)), [search]);
  useEffect(() => () => clearTimeout(timer.current), []);

  return {
    page: pageOf(params),
    search,
    status: statusOf(params.get('status')),
    typed,
    type(value: string) {
      setTyped(value);
      clearTimeout(timer.current);
      timer.current = setTimeout(
        () => update({ search: value.trim(), page: 0 }, true),
        SEARCH_DEBOUNCE_MS,
      );
    },
    // Previous and Next add a history entry, for Back; typing and filtering replace it.
    setPage: (page: number) => update({ page }, false),
    setStatus: (status: MemberStatusFilter | null) => update({ status, page: 0 }, true),
  };
}
