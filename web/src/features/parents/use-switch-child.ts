import type { CurrentUser, ParentChild } from '@sp/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { showChild } from '../../api/session';
import { paths } from '../../paths';

/** A child as the switcher and the page titles name it: "Anil Ali". */
export const childName = (child: Pick<ParentChild, 'first_name' | 'last_name'>) =>
  `${child.first_name} ${child.last_name}`;

/**
 * Shows another linked child in this tab (D50): the tab's marker (and so the header of every request) changes,
 * the whole query cache is dropped so nothing read for one child shows under the other, and the dashboard
 * opens.
 */
export function useSwitchChild() {
  const client = useQueryClient();
  const navigate = useNavigate();
  return (child: ParentChild) => {
    showChild(child.student_id, childName(child));
    client.clear();
    void navigate(paths.dashboard);
  };
}

/**
 * A parent's tab whose child was unlinked (or withdrawn) since it was chosen: GET /api/me answers with another
 * linked child, and the tab moves to that one, with nothing of the old child cached.
 */
export function useFollowLinkedChild(me: CurrentUser | undefined, tabChild: string | null) {
  const client = useQueryClient();
  const shown = me?.kind === 'parent' ? me.student_id : null;
  useEffect(() => {
    if (!me || !shown || shown === tabChild) return;
    showChild(shown, me.name);
    client.clear();
  }, [client, me, shown, tabChild]);
}
