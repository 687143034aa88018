// The soilscape tab: the soil under the thing as stored on it (texture, drainage, fertility,
// land cover, habitats, carbon, where water drains to, water protection, typical cropping).
import { term } from "../../../../shared/branding.ts";
import { useBranding } from "../../lib/config-context.tsx";
import type { ThingDetails } from "./types.ts";
import { SoilscapePanel } from "../../components/environment/index.ts";

const FIELDS: { key: keyof ThingDetails; label: string }[] = [
  { key: "texture", label: "Texture" },
  { key: "drainage", label: "Drainage" },
  { key: "fertility", label: "Fertility" },
  { key: "landcover", label: "Land cover" },
  { key: "habitats", label: "Habitats" },
  { key: "carbon", label: "Carbon" },
  { key: "drainsTo", label: "Drains to" },
  { key: "waterProtection", label: "Water protection" },
  { key: "generalCropping", label: "General cropping" },
];

export function ThingSoilscape({ thing }: { thing: ThingDetails }) {
  const b = useBranding();
  const known = FIELDS.filter((field) => {
    const value = thing[field.key];
    return typeof value === "string" && value.trim() !== "";
  });
  return (
    <section className="card" aria-labelledby="soil-title">
      <h2 id="soil-title">Soilscape</h2>
      {known.length === 0 ? (
        <>
          <p>No soil information is stored for this {term(b, "thing")} yet: its place is outside the soilscape layer, or the layer was loaded after it was added.</p>
          <SoilscapePanel latitude={thing.location.x} longitude={thing.location.y} title="The soil at this place" headingLevel={3} />
        </>
      ) : (
        <>
          <p className="muted small">The soil at this {term(b, "thing")}’s location, from the soilscape map.</p>
          <dl className="details">
            {known.map((field) => (
              <div key={field.key} className="details-row">
                <dt>{field.label}</dt>
                <dd>{String(thing[field.key])}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </section>
  );
}
