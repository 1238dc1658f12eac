/**
 * Supplies the tile templates to every map (`#ui/map-tiles-context.tsx`): the last good
 * configuration is read at once from the phone (so an offline map keeps its layers list), then
 * refreshed from `GET /api/config/` once per page. Only maps of logged-in users have tiles (and
 * their screens read the cached configuration), so a visitor's page fetches neither the
 * configuration nor its client (with its schema library).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { isLoggedIn, sessionStore } from '#api/session-store';
import type { PublicConfig } from '#api/config';
import type { MapTileConfig } from '#ui/map-style.ts';
import { MapTilesProvider } from '#ui/map-tiles-context.tsx';

let fresh: Promise<PublicConfig | null> | null = null;

function tilesOf(config: PublicConfig | null): MapTileConfig | null {
  if (!config) return null;
  return {
    tileUrl: config.tileUrl,
    tileSatelliteUrl: config.tileSatelliteUrl,
    tileTopoUrl: config.tileTopoUrl,
  };
}

export function AppMapTilesProvider({ children }: { children: ReactNode }) {
  const [tiles, setTiles] = useState<MapTileConfig | null>(null);
  const loggedIn = useStore(sessionStore, (s) => isLoggedIn(s));
  useEffect(() => {
    if (!loggedIn) return;
    let active = true;
    const client = import('#api/config');
    void client
      .then(({ cachedConfig }) => {
        if (active) setTiles((current) => current ?? tilesOf(cachedConfig()));
      })
      .catch(() => undefined);
    // The client's chunk could not be fetched (offline, not installed): the next mount tries.
    fresh ??= client
      .then(({ loadConfig }) => loadConfig())
      .catch(() => {
        fresh = null;
        return null;
      });
    void fresh.then((config) => {
      if (active && config) setTiles(tilesOf(config));
    });
    return () => {
      active = false;
    };
  }, [loggedIn]);
  return <MapTilesProvider value={tiles}>{children}</MapTilesProvider>;
}
