/**
 * Supplies the tile templates to every map (`#ui/map-tiles-context.tsx`): the last good
 * configuration is read at once from the phone (so an offline map keeps its layers list), then
 * refreshed from `GET /api/config/` once per page.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { cachedConfig, loadConfig, type PublicConfig } from '#api/config';
import type { MapTileConfig } from '#ui/map-style.ts';
import { MapTilesProvider } from '#ui/map-tiles-context.tsx';

let fresh: Promise<PublicConfig> | null = null;

function tilesOf(config: PublicConfig | null): MapTileConfig | null {
  if (!config) return null;
  return {
    tileUrl: config.tileUrl,
    tileSatelliteUrl: config.tileSatelliteUrl,
    tileTopoUrl: config.tileTopoUrl,
  };
}

export function AppMapTilesProvider({ children }: { children: ReactNode }) {
  const [tiles, setTiles] = useState<MapTileConfig | null>(() => tilesOf(cachedConfig()));
  useEffect(() => {
    let active = true;
    fresh ??= loadConfig();
    void fresh.then((config) => {
      if (active) setTiles(tilesOf(config));
    });
    return () => {
      active = false;
    };
  }, []);
  return <MapTilesProvider value={tiles}>{children}</MapTilesProvider>;
}
