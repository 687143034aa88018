// The steps of the home page's tour. Targets are `data-tour` attributes on the home page.
import { term, type Branding } from "../../../../shared/branding.ts";
import { brandCopy } from "../../../../shared/brand-copy.ts";
import type { TourStep } from "./GuidedTour.tsx";

export const HOME_TOUR_ID = "home";

export function homeTourSteps(b: Branding, signedIn: boolean): TourStep[] {
  const thing = term(b, "thing");
  const things = term(b, "things");
  return [
    {
      id: "welcome",
      title: `Welcome to ${b.name}`,
      body: (
        <p>
          A quick look around your home page: five short stops. Use the buttons or the arrow keys; Esc ends the tour
          at any time.
        </p>
      ),
    },
    {
      id: "things",
      target: "things",
      title: `What ${things} are`,
      body: (
        <>
          <p>{brandCopy(b).thingsAre}</p>
          <p>
            The dot shows how each is doing: red is too dry, orange needs water, green is fine, blue is too wet, grey
            means no recent reading.{signedIn ? ` Your One ${term(b, "thing", true)} comes first.` : ""}
          </p>
        </>
      ),
    },
    {
      id: "record",
      target: "record",
      title: "Record what you did",
      body: (
        <p>
          Watered a {thing}, picked up litter, fixed something? Record the action here in a few taps. Every action is a
          care point on the scorer and counts towards your badges.
        </p>
      ),
    },
    {
      id: "tasks",
      target: "tasks",
      title: "Tasks",
      body: (
        <p>
          What others have asked you to do shows here, the most urgent first. Plan new tasks for your {things} from the
          Tasks page.
        </p>
      ),
    },
    {
      id: "map",
      target: "map",
      title: "The map",
      body: (
        <p>
          See where {things} are and how they are doing at a glance, then open the map for soil, B-Lines and rainfall
          layers.
        </p>
      ),
    },
    {
      id: "badges",
      target: "badges",
      title: "Badges",
      body: (
        <p>
          Badges come at 1, 10 and 50 of each kind of care: watering, clean-ups, upkeep, sharing and more. You can take
          this tour again from the home page whenever you like.
        </p>
      ),
    },
  ];
}
