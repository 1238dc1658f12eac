/**
 * The side menu's count of field writes the office has not reviewed: asked from the
 * server when the menu appears and again after each sync of this browser, so a mark another
 * office user made shows here after this one syncs. Only for the roles that read the inbox.
 */
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { inboxCountStore, refreshUnreviewedCount } from '#api/inbox-count';
import { can } from '#domain/permissions';
import type { Role } from '#domain/roles';
import { syncStatus } from '#sync/status-store';

export function useInboxCount(role: Role): number | null {
  const allowed = can(role, 'bandeja', 'read');
  const lastSync = useStore(syncStatus, (s) => s.lastSyncAt);
  useEffect(() => {
    if (allowed) void refreshUnreviewedCount();
  }, [allowed, lastSync]);
  const count = useStore(inboxCountStore, (s) => s.unreviewed);
  return allowed ? count : null;
}
