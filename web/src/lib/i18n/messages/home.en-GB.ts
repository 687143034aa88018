// The home page's texts (web/src/features/home): a member's dashboard, a guest's welcome, the
// cards both share and the photo carousel (the offline banner's texts are the shell's: it shows on
// every screen). Sentences that name things or groups are whole sentences per brand.
export const homeEn = {
  "home.greeting.morning": "Good morning",
  "home.greeting.afternoon": "Good afternoon",
  "home.greeting.evening": "Good evening",
  "home.welcome": "Welcome",
  "home.welcomeNamed": "Welcome, {name}",
  "home.welcomeBack": "Welcome back",
  "home.welcomeBackNamed": "Welcome back, {name}",
  "home.leadOneThing":
    "{brand, select, bee {Here is how your cafes are doing, and what needs you today.} other {Here is how your things are doing, and what needs you today.}}",
  "home.lead":
    "{brand, select, bee {Here is how your cafes, beepasses and tasks are doing.} other {Here is how your things, groups and tasks are doing.}}",
  "home.takeTour": "Take the tour",
  "home.tourLabel": "Tour of the home page",

  "home.map.aroundYou": "Around you",
  "home.map.full": "Full map and layers",
  "home.map.loading": "Loading the map…",
  "home.map.yourOneThing": "{brand, select, bee {Your One Cafe} other {Your One Thing}}",
  "home.map.oneOfYours": "{brand, select, bee {One of your cafes} other {One of your things}}",
  "home.map.caption": "{caption}: {name}",
  "home.map.aroundIt": "Around it on the map",
  "home.map.open": "Open the map",

  "home.unavailable": "Not available right now. This fills in again when the server can be reached.",
  "home.offlineNote": "Not available offline. This fills in again when you reconnect.",
  "home.tryAgain": "Try again",
  "home.savedNote": "Showing what was saved on this device {when}. It updates when the server can be reached again.",
  "home.signIn": "Sign in",
  "home.createAccount": "Create an account",
  "home.seeAll": "See all",
  "home.actionFailed": "Action failed",

  "home.figures.mine": "Your overview",
  "home.figures.public": "Overview",
  "home.figures.myThings": "{brand, select, bee {My cafes} other {My things}}",
  "home.figures.devices": "Devices",
  "home.figures.groups": "{brand, select, bee {Beepasses} other {Groups}}",
  "home.figures.badges": "Badges",
  "home.figures.week": "Actions this week",
  "home.figures.publicThings": "{brand, select, bee {Public cafes} other {Public things}}",
  "home.figures.needWater": "Need water now",
  "home.figures.sensors": "Sensor devices",

  "home.quick.label": "Quick actions",
  "home.quick.record": "Record an action",
  "home.quick.recordOn": "on {name}",
  "home.quick.chooseOneThing": "{brand, select, bee {Choose your One Cafe first} other {Choose your One Thing first}}",
  "home.quick.findThing": "{brand, select, bee {Find a cafe to look after} other {Find a thing to look after}}",
  "home.quick.onYourThings": "{brand, select, bee {On one of your cafes} other {On one of your things}}",
  "home.quick.signInFirst": "Sign in first",
  "home.quick.newThing": "{brand, select, bee {New cafe} other {New thing}}",
  "home.quick.newThingSub": "Add one to look after",
  "home.quick.newTask": "New task",
  "home.quick.newTaskSub": "Ask someone to help",
  "home.quick.nearest": "{brand, select, bee {Nearest cafe} other {Nearest thing}}",
  "home.quick.nearestSub": "Uses your location",
  "home.quick.browse": "{brand, select, bee {Browse cafes} other {Browse things}}",
  "home.quick.browseSub": "Public ones, by colour",

  "home.oneThing.now": "{brand, select, bee {{name} is now your One Cafe} other {{name} is now your One Thing}}",
  "home.oneThing.none": "{brand, select, bee {You no longer have a One Cafe} other {You no longer have a One Thing}}",

  "home.myThings.title": "{brand, select, bee {My cafes} other {My things}}",
  "home.myThings.loading": "{brand, select, bee {Loading your cafes…} other {Loading your things…}}",
  "home.myThings.add": "{brand, select, bee {Add a cafe} other {Add a thing}}",
  "home.myThings.empty":
    "{brand, select, bee {You are not looking after any cafes yet. Add one, or open a cafe near you and choose Collaborate.} other {You are not looking after any things yet. Add one, or open a thing near you and choose Collaborate.}}",
  "home.thing.yourOneThing": "{brand, select, bee {Your One Cafe} other {Your One Thing}}",
  "home.thing.owner": "Owner",
  "home.thing.collaborator": "Collaborator",
  "home.thing.ph": "pH {value}",
  "home.thing.water": "Water {value}",
  // {type} is the action's type (WATERING, UPKEEP, ...).
  "home.thing.last":
    "Last: {type, select, WATERING {watering} LITTER_CLEANUP {litter clean-up} UPKEEP {upkeep} MEASUREMENT {measurement} EDUCATION {education} SHARE {share} CREATED {added} other {action}} by {who}, {when}",
  "home.thing.you": "you",
  "home.thing.someone": "someone",
  "home.thing.noActions": "No actions recorded yet",
  "home.thing.recordLabel": "Record an action on {name}",
  "home.thing.record": "Record",
  "home.thing.makeOneThing": "{brand, select, bee {Make it your One Cafe} other {Make it your One Thing}}",
  "home.thing.isOneThing": "{brand, select, bee {{name} is your One Cafe} other {{name} is your One Thing}}",
  "home.thing.makeNamedOneThing": "{brand, select, bee {Make {name} your One Cafe} other {Make {name} your One Thing}}",

  "home.glance.title": "{brand, select, bee {Cafes at a glance} other {Things at a glance}}",
  "home.glance.total":
    "{scope, select, public {{brand, select, bee {{count, plural, one {# cafe public} other {# cafes public}}} other {{count, plural, one {# thing public} other {# things public}}}}} other {{brand, select, bee {{count, plural, one {# cafe you can see} other {# cafes you can see}}} other {{count, plural, one {# thing you can see} other {# things you can see}}}}}}",
  "home.glance.empty":
    "{brand, select, bee {No cafes to show yet. They appear here, by colour, as people add them.} other {No things to show yet. They appear here, by colour, as people add them.}}",
  "home.glance.needsWater": "Needs water",
  "home.glance.allWell": "Nothing needs water right now.",
  "home.colour.red": "too dry",
  "home.colour.orange": "need water",
  "home.colour.green": "moist",
  "home.colour.blue": "too wet",
  "home.colour.grey": "no recent reading",

  "home.badges.title": "Badges",
  "home.badges.all": "All badges",
  "home.badges.empty": "Record your first action to earn a badge. More come at 10 and 50.",
  "home.badges.badge": "Badge",
  // A badge's name by its kind (as account.badge.<kind>.title says on the badges page); {level} is I, II, III.
  "home.badges.name":
    "{kind, select, signin {Regular {level}} created {Founder {level}} littercleanup {Litter Picker {level}} share {Sharer {level}} watering {Waterer {level}} litres {Water Carrier {level}} education {Teacher {level}} upkeep {Keeper {level}} measurement {Measurer {level}} other {Badge}}",
  "home.badges.level": "Level {level}",

  "home.groups.title": "{brand, select, bee {My beepasses} other {My groups}}",
  "home.groups.all": "{brand, select, bee {All beepasses} other {All groups}}",
  "home.groups.find": "{brand, select, bee {Find a beepass} other {Find a group}}",
  "home.groups.empty":
    "{brand, select, bee {Join a beepass to look after cafes together.} other {Join a group to look after things together.}}",
  "home.groups.owner": "you are an owner",
  "home.groupType.BEEPASS": "Beepass",
  "home.groupType.COUNCIL": "Council",
  "home.groupType.ESTATE": "Estate",
  "home.groupType.ORCHARD": "Orchard",
  "home.groupType.GROWER": "Grower",

  "home.devices.title": "My devices",
  "home.devices.all": "All devices",
  "home.devices.add": "Add a device",
  "home.devices.empty":
    "{brand, select, bee {No devices yet. Fit a soil sensor to a cafe to see its readings here.} other {No devices yet. Fit a soil sensor to a thing to see its readings here.}}",
  "home.devices.on": "on {thing}",
  "home.devices.battery": "battery {value} V",
  "home.devices.noReadings": "no readings yet",
  "home.model.LSE01": "Soil moisture sensor",
  "home.model.LSPH01": "Soil pH sensor",
  "home.model.THE_THINGS_UNO": "Pump controller",

  "home.activity.title": "Recent activity",
  "home.activity.all": "All activity",
  "home.activity.loading": "Loading recent activity…",
  "home.activity.empty": "No care recorded yet. When someone waters, tidies or checks on something, it shows here.",
  "home.activity.line":
    "{you, select, other {}}{type, select, WATERING {{who} watered {thing}} LITTER_CLEANUP {{who} cleaned up litter at {thing}} UPKEEP {{who} did upkeep on {thing}} MEASUREMENT {{who} took a measurement at {thing}} EDUCATION {{who} ran an education session at {thing}} SHARE {{who} shared {thing}} CREATED {{who} added {thing}} other {{who} looked after {thing}}}",
  "home.activity.you": "You",
  "home.activity.someone": "Someone",
  "home.activity.aThing": "a thing",

  "home.gallery.title": "{brand, select, bee {Cafes in pictures} other {Things in pictures}}",
  "home.gallery.loading": "Loading photos…",
  "home.gallery.browse": "{brand, select, bee {Browse cafes} other {Browse things}}",
  "home.gallery.empty":
    "{brand, select, bee {No photos yet. Add a picture to a cafe you look after and it joins this gallery.} other {No photos yet. Add a picture to a thing you look after and it joins this gallery.}}",
  "home.gallery.photoOf": "Photo of {name}",
  "home.gallery.pauseLabel": "Pause the slideshow",
  "home.gallery.playLabel": "Play the slideshow",
  "home.gallery.pause": "Pause",
  "home.gallery.play": "Play",
  "home.gallery.previous": "Previous photo",
  "home.gallery.next": "Next photo",
  "home.gallery.slide": "{number} of {count}: {name}",
  "home.gallery.choose": "Choose a photo",
  "home.gallery.photo": "Photo {number}: {name}",

  "home.recent.title": "{brand, select, bee {Recently viewed cafes} other {Recently viewed things}}",
  "home.recent.empty":
    "{brand, select, bee {Cafes you open show here, so you can get back to them quickly.} other {Things you open show here, so you can get back to them quickly.}}",

  "home.more.label": "More",
  "home.more.scorer": "Scorer",
  "home.more.scorerText": "Care points by person and group",
  "home.more.community": "Community",
  "home.more.communityText": "Groups and the people in them",
  "home.more.feedback": "Send feedback",
  "home.more.feedbackText": "Ideas, problems, questions",

  "home.guest.welcome": "Welcome to {product}",
  "home.guest.lookAfter": "Look after",
  "home.guest.lookAfterText":
    "{brand, select, bee {bee cafes near you: flower planters with water that feed the bees.} other {shared things near you: planters, trees, bee cafes, benches.}}",
  "home.guest.record": "Record",
  "home.guest.recordText": "watering, clean-ups and upkeep, and see soil sensors, rainfall and weather.",
  "home.guest.join": "Join",
  "home.guest.joinText":
    "{brand, select, bee {beepasses, share tasks and earn badges together.} other {groups, share tasks and earn badges together.}}",
  "home.guest.dashboard": "Your dashboard",
  "home.guest.dashboardText":
    "{brand, select, bee {Sign in to see the cafes you look after, with your One Cafe first, and to record what you did.} other {Sign in to see the things you look after, with your One Thing first, and to record what you did.}}",
  "home.guest.tasks": "Tasks assigned to you, the most urgent first",
  "home.guest.badges": "Badges and care points on the scorer",
  "home.guest.groups": "{brand, select, bee {Your beepasses and devices} other {Your groups and devices}}",
} as const;
