// The steps of the home page's tour. Targets are `data-tour` attributes on the home page. Each
// title and text is an element that reads the catalogue when drawn, so the steps (built once by
// the page) follow the reader's language, as the rest of the page does.
import type { Branding } from "../../../../shared/branding.ts";
import type { MessageValues } from "../../../../shared/i18n/translate.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";
import type { TourStep } from "./GuidedTour.tsx";
import { tourTexts, type TourKey } from "./texts.ts";

export const HOME_TOUR_ID = "home";
/** The catalogue key of the home tour's name (GuidedTour's label). */
export const HOME_TOUR_LABEL = "tour.home.label" satisfies TourKey;

function Say({ id, values }: { id: TourKey; values?: MessageValues }) {
  const t = useT(tourTexts);
  return <>{t(id, values)}</>;
}

export function homeTourSteps(b: Branding, signedIn: boolean): TourStep[] {
  const brand = { brand: b.key, product: b.name };
  return [
    {
      id: "welcome",
      title: <Say id="tour.home.welcome.title" values={brand} />,
      body: (
        <p>
          <Say id="tour.home.welcome.body" />
        </p>
      ),
    },
    {
      id: "things",
      target: "things",
      title: <Say id="tour.home.things.title" values={brand} />,
      body: (
        <>
          <p>
            <Say id="tour.home.things.what" values={brand} />
          </p>
          <p>
            <Say id={signedIn ? "tour.home.things.dotSignedIn" : "tour.home.things.dot"} values={brand} />
          </p>
        </>
      ),
    },
    {
      id: "record",
      target: "record",
      title: <Say id="tour.home.record.title" />,
      body: (
        <p>
          <Say id="tour.home.record.body" values={brand} />
        </p>
      ),
    },
    {
      id: "tasks",
      target: "tasks",
      title: <Say id="tour.home.tasks.title" />,
      body: (
        <p>
          <Say id="tour.home.tasks.body" values={brand} />
        </p>
      ),
    },
    {
      id: "map",
      target: "map",
      title: <Say id="tour.home.map.title" />,
      body: (
        <p>
          <Say id="tour.home.map.body" values={brand} />
        </p>
      ),
    },
    {
      id: "badges",
      target: "badges",
      title: <Say id="tour.home.badges.title" />,
      body: (
        <p>
          <Say id="tour.home.badges.body" />
        </p>
      ),
    },
  ];
}
