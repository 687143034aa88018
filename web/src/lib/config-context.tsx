import { createContext, useContext, type ReactNode } from "react";
import type { Branding } from "../../../shared/branding.ts";
import type { AppConfig } from "./config.ts";

const ConfigContext = createContext<AppConfig | null>(null);

export function ConfigProvider({ config, children }: { config: AppConfig; children: ReactNode }) {
  return <ConfigContext.Provider value={config}>{children}</ConfigContext.Provider>;
}

export function useAppConfig(): AppConfig {
  const config = useContext(ConfigContext);
  if (!config) throw new Error("useAppConfig needs a ConfigProvider");
  return config;
}

/** The branding variant of this host (name, colours, words for things and groups). */
export function useBranding(): Branding {
  return useAppConfig().branding;
}
