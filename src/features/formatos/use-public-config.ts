/**
 * The run-time configuration (`GET /api/config/`) for the forms links: the last good answer
 * kept on the phone at once, then the server's fresh one. Never throws: without any answer
 * every optional service is simply off.
 */
import { useEffect, useState } from 'react';
import { cachedConfig, DEFAULT_PUBLIC_CONFIG, loadConfig, type PublicConfig } from '#api/config';

export function usePublicConfig(): PublicConfig {
  const [config, setConfig] = useState<PublicConfig>(() => cachedConfig() ?? DEFAULT_PUBLIC_CONFIG);
  useEffect(() => {
    let active = true;
    void loadConfig().then((loaded) => {
      if (active) setConfig(loaded);
    });
    return () => {
      active = false;
    };
  }, []);
  return config;
}
