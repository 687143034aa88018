import type { Branding } from "../../../shared/branding.ts";

/** Puts the variant's colours into CSS custom properties (styles.css reads them). */
export function applyBrandingTheme(branding: Branding, doc: Document = document) {
  const root = doc.documentElement;
  root.dataset.brand = branding.key;
  root.style.setProperty("--brand-primary", branding.primaryColor);
  root.style.setProperty("--brand-primary-dark", branding.primaryDarkColor);
  root.style.setProperty("--brand-accent", branding.accentColor);
  let meta = doc.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (!meta) {
    meta = doc.createElement("meta");
    meta.name = "theme-color";
    doc.head.appendChild(meta);
  }
  meta.content = branding.primaryColor;
  doc.title = branding.name;
}
