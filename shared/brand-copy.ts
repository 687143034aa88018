// Brand copy as whole sentences, one set per branding variant (issue 22). Swapping single words
// into a shared sentence broke the bee variant's copy: "shared cafes around them: planters,
// trees, bee cafes, benches". A sentence that names or lists the things is written here once per
// brand; term() (shared/branding.ts) stays for labels and short phrases that read right in both.
import type { Branding, BrandingKey } from "./branding.ts";

export interface BrandCopy {
  /** What the things are, with examples (the home tour). */
  thingsAre: string;
  /** The about page's opening, after the product name ("Steward helps …"). */
  aboutIntro: string;
  /** A group without things, to a member. */
  groupAddThings: string;
  /** "My things" with none yet. */
  myThingsEmpty: string;
  /** The signed-out home page's "Look after" line, after its bold lead. */
  homeLookAfter: string;
}

export const BRAND_COPY: Record<BrandingKey, BrandCopy> = {
  steward: {
    thingsAre: "Things are shared places and objects people look after together: planters, trees, bee cafes, benches.",
    aboutIntro:
      "helps people look after the shared things around them: planters, trees, bee cafes, benches and more. Join groups, record the care you give, see how a thing is doing from its soil sensors, rainfall and weather, share the work with collaborators, and earn badges along the way.",
    groupAddThings: "Add the things this group looks after: planters, trees, benches and more.",
    myThingsEmpty: "Add a thing you care for, such as a planter, a tree or a bench, or find one nearby and become a collaborator.",
    homeLookAfter: "shared things near you: planters, trees, bee cafes, benches.",
  },
  bee: {
    thingsAre:
      "Cafes are bee cafes: planters and patches of flowers for bees, each with a shallow dish of water, that people look after together.",
    aboutIntro:
      "helps people feed the bees: look after bee cafes, the flower planters with water near you, and join them up into beepasses across town. Record the care you give, see how a cafe is doing from its soil sensors, rainfall and weather, share the work with collaborators, and earn badges along the way.",
    groupAddThings: "Add the bee cafes along this beepass, so bees find flowers and water all the way.",
    myThingsEmpty:
      "Add a bee cafe you care for, such as a planter of bee-friendly flowers with a dish of water, or find one nearby and become a collaborator.",
    homeLookAfter: "bee cafes near you: flower planters with water that feed the bees.",
  },
};

export function brandCopy(branding: Pick<Branding, "key">): BrandCopy {
  return BRAND_COPY[branding.key] ?? BRAND_COPY.steward;
}
