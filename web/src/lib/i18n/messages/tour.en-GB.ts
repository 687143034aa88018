// The guided tour's texts (features/tour/): the dialog's controls, then the home page's tour, step
// by step. Sentences that name the things are whole sentences per brand.
export const tourEn = {
  "tour.progress": "Step {step} of {count}",
  "tour.close": "Close",
  "tour.skip": "Skip tour",
  "tour.back": "Back",
  "tour.finish": "Finish",
  "tour.next": "Next",
  "tour.keys": "Arrow keys move between steps; Esc ends the tour.",

  "tour.home.label": "Tour of the home page",
  "tour.home.welcome.title": "Welcome to {product}",
  "tour.home.welcome.body":
    "A quick look around your home page: five short stops. Use the buttons or the arrow keys; Esc ends the tour at any time.",
  "tour.home.things.title": "{brand, select, bee {What cafes are} other {What things are}}",
  "tour.home.things.what":
    "{brand, select, bee {Cafes are bee cafes: planters and patches of flowers for bees, each with a shallow dish of water, that people look after together.} other {Things are shared places and objects people look after together: planters, trees, bee cafes, benches.}}",
  "tour.home.things.dot":
    "The dot shows how each is doing: red is too dry, orange needs water, green is fine, blue is too wet, grey means no recent reading.",
  "tour.home.things.dotSignedIn":
    "{brand, select, bee {The dot shows how each is doing: red is too dry, orange needs water, green is fine, blue is too wet, grey means no recent reading. Your One Cafe comes first.} other {The dot shows how each is doing: red is too dry, orange needs water, green is fine, blue is too wet, grey means no recent reading. Your One Thing comes first.}}",
  "tour.home.record.title": "Record what you did",
  "tour.home.record.body":
    "{brand, select, bee {Watered a cafe, picked up litter, fixed something? Record the action here in a few taps. Every action is a care point on the scorer and counts towards your badges.} other {Watered a thing, picked up litter, fixed something? Record the action here in a few taps. Every action is a care point on the scorer and counts towards your badges.}}",
  "tour.home.tasks.title": "Tasks",
  "tour.home.tasks.body":
    "{brand, select, bee {What others have asked you to do shows here, the most urgent first. Plan new tasks for your cafes from the Tasks page.} other {What others have asked you to do shows here, the most urgent first. Plan new tasks for your things from the Tasks page.}}",
  "tour.home.map.title": "The map",
  "tour.home.map.body":
    "{brand, select, bee {See where cafes are and how they are doing at a glance, then open the map for soil, B-Lines and rainfall layers.} other {See where things are and how they are doing at a glance, then open the map for soil, B-Lines and rainfall layers.}}",
  "tour.home.badges.title": "Badges",
  "tour.home.badges.body":
    "Badges come at 1, 10 and 50 of each kind of care: watering, clean-ups, upkeep, sharing and more. You can take this tour again from the home page whenever you like.",
} as const;
