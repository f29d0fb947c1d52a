/*
 * Words for the demo: what lodges post, what members comment and chat about, what events they
 * hold. Written to read like a real lodge's news rather than lorem ipsum, so that screens
 * can be judged on real-looking text.
 */

/** Images the demo refers to; the storage layer must serve these keys (see demoImageKeys). */
export const DEMO_PHOTO_COUNT = 24;
export const DEMO_AVATAR_COUNT = 12;
export const DEMO_CLUB_AVATAR_COUNT = 8;
export const DEMO_MAP_COUNT = 4;

export function demoPhotoKey(n: number): { key: string; medium: string } {
  return { key: `demo/photo-${n}.jpg`, medium: `demo/photo-${n}-medium.jpg` };
}

export function demoAvatarKey(n: number): { key: string; medium: string } {
  return { key: `demo/avatar-${n}.jpg`, medium: `demo/avatar-${n}-medium.jpg` };
}

export function demoClubAvatarKey(n: number): { key: string; medium: string } {
  return { key: `demo/club-${n}.png`, medium: `demo/club-${n}-medium.png` };
}

export function demoMapKey(n: number): string {
  return `demo/map-${n}.png`;
}

/** Every storage key the demo data refers to, for whoever provides the demo images. */
export function demoImageKeys(): string[] {
  const keys: string[] = [];
  for (let n = 1; n <= DEMO_PHOTO_COUNT; n++) keys.push(...Object.values(demoPhotoKey(n)));
  for (let n = 1; n <= DEMO_AVATAR_COUNT; n++) keys.push(...Object.values(demoAvatarKey(n)));
  for (let n = 1; n <= DEMO_CLUB_AVATAR_COUNT; n++) {
    keys.push(...Object.values(demoClubAvatarKey(n)));
  }
  for (let n = 1; n <= DEMO_MAP_COUNT; n++) keys.push(demoMapKey(n));
  return keys;
}

export interface ClubPostTemplate {
  readonly subject: string;
  readonly paragraphs: readonly string[];
  readonly list?: readonly string[];
  /** A Donate Now appeal. */
  readonly appeal?: boolean;
}

// {lodge}, {city}, {members}, {meeting} are filled in per club.
export const CLUB_POST_TEMPLATES: readonly ClubPostTemplate[] = [
  {
    subject: '{meeting} this week',
    paragraphs: [
      'Our next {meeting} is this week. Dinner is served an hour before the meeting; please let the Secretary know if you plan to eat so the kitchen can plan.',
      'We will vote on two petitions and hear the building committee report. All {members} in good standing are welcome.',
    ],
  },
  {
    subject: 'Pancake breakfast fundraiser',
    paragraphs: [
      'The annual pancake breakfast is back! Pancakes, sausage, eggs, coffee and juice, all you can eat, at the {lodge} hall in {city}.',
      'Proceeds go to the local food pantry. If you cannot come, you can still give through the Donate Now link.',
    ],
    list: ['Adults $8', 'Children under 12 $4', 'Under 5 free'],
    appeal: true,
  },
  {
    subject: 'Please welcome our newest {members}',
    paragraphs: [
      'Last night we welcomed three new {members} into {lodge}. Please introduce yourselves at the next meeting and make them feel at home.',
    ],
  },
  {
    subject: 'Scholarship applications now open',
    paragraphs: [
      'The lodge scholarship fund will award four $1,500 scholarships this year to graduating seniors from {city} area high schools.',
      'Applications are due by the end of next month. Children and grandchildren of members are eligible.',
    ],
    appeal: true,
  },
  {
    subject: 'Installation of officers',
    paragraphs: [
      'Join us for the public installation of our officers for the coming year. Families and friends are invited, and a reception follows in the dining room.',
    ],
  },
  {
    subject: 'Summer picnic at the park',
    paragraphs: [
      'Bring the whole family to the summer picnic. The lodge provides burgers, hot dogs and drinks; please bring a side dish or dessert to share.',
    ],
    list: ['Horseshoes and cornhole', 'Games for the kids', 'Raffle at 3:00 PM'],
  },
  {
    subject: 'Blood drive results',
    paragraphs: [
      'Thank you to everyone who rolled up a sleeve at our blood drive. We collected 41 units, enough to help up to 120 patients at hospitals around {city}.',
    ],
  },
  {
    subject: 'Building fund update',
    paragraphs: [
      'The new roof is on and the parking lot is next. We are two-thirds of the way to our goal, thanks to the generosity of our {members}.',
      'Every gift, large or small, keeps our hall open for the next generation.',
    ],
    appeal: true,
  },
  {
    subject: 'Degree work this month',
    paragraphs: [
      'We have candidates ready to advance. Officers, please review your parts; rehearsal is one hour before the meeting.',
    ],
  },
  {
    subject: 'Holiday dinner reservations',
    paragraphs: [
      'Reservations are open for the holiday dinner. Prime rib or baked salmon, with all the trimmings. Please reserve by calling the Secretary.',
    ],
  },
  {
    subject: 'Thank you, volunteers',
    paragraphs: [
      'A big thank you to the {members} who gave their Saturday to paint the dining room and clean the kitchen. It looks like new.',
    ],
  },
  {
    subject: 'Widows and families luncheon',
    paragraphs: [
      'We remember those who have gone before us by caring for their families. The widows and families luncheon will be held in the dining room; rides can be arranged.',
    ],
  },
  {
    subject: 'Bikes for Books winners',
    paragraphs: [
      'Congratulations to the twelve {city} elementary students who won new bicycles and helmets for reading the most books this year.',
    ],
    appeal: true,
  },
  {
    subject: 'Veterans Day ceremony',
    paragraphs: [
      'We will honour our veterans with a short ceremony at the flagpole, followed by coffee and donuts. All veterans, members or not, are our guests.',
    ],
  },
  {
    subject: 'Toy drive for local children',
    paragraphs: [
      'Drop new, unwrapped toys at the hall any meeting night this month. Last year we filled two trucks for families in {city}.',
    ],
    appeal: true,
  },
  {
    subject: 'Friday fish fry',
    paragraphs: [
      'The fish fry is every Friday through Lent, 4:30 to 7:00 PM. Dine in or carry out. Baked fish available.',
    ],
    list: ['Two-piece dinner $12', 'Three-piece dinner $15', 'Homemade pie $3'],
  },
  {
    subject: 'Golf outing sign-up',
    paragraphs: [
      'Foursomes are filling fast for the annual golf outing. Lunch, dinner, prizes and a hole-in-one contest. Sponsors are also welcome.',
    ],
  },
  {
    subject: 'Dues reminder',
    paragraphs: [
      'Annual dues are now payable. You can pay online from My Account, or mail a check to the Secretary. Thank you for keeping your membership current.',
    ],
  },
  {
    subject: 'In memoriam',
    paragraphs: [
      'It is with sadness that we share the passing of a longtime member of {lodge}. Services will be announced when the family has made arrangements. Please keep the family in your thoughts.',
    ],
  },
  {
    subject: 'Hall rental available',
    paragraphs: [
      'Our hall and dining room are available for weddings, reunions and graduation parties. Members receive a discount. Contact the Secretary for dates.',
    ],
  },
];

export const PARTY_POST_TEXTS: readonly string[] = [
  'Great turnout at the breakfast this morning. Thanks to everyone who flipped pancakes!',
  'Does anyone have a truck I could borrow Saturday to haul chairs back to the hall?',
  'Just back from the district school of instruction. Well worth the drive; I recommend it to every new officer.',
  'Happy birthday to the oldest member of our lodge, 97 years young today!',
  'Looking for a ride to the next meeting while my car is in the shop. I live near the library.',
  'Photos from the picnic are up. What a beautiful day it turned out to be.',
  'Thank you all for the cards and calls while I was in the hospital. Home now and feeling better.',
  'Who is going to the Grand Lodge session this year? Would be glad to carpool.',
  'Our grandson got one of the lodge scholarships. We could not be prouder. Thank you, brothers.',
  'Reminder: the kitchen crew needs two more helpers for the fish fry this Friday.',
  'Found a pair of reading glasses in the dining room after the meeting. They are with the Secretary.',
  'Visited a lodge in Florida over the winter and was made very welcome. It is a small world.',
  'If anyone has old lodge photos from the 1970s, the history committee would love to scan them.',
  'The new parking lot lights make a big difference. Thanks to the building committee.',
  'Congratulations to our newly installed officers. Looking forward to a great year.',
  'The blood drive is short on O negative donors. If you can, please sign up.',
];

export const COMMENT_TEXTS: readonly string[] = [
  'Count me in!',
  'Thanks for organizing this.',
  'What time does it start?',
  'Great photos, thanks for sharing.',
  'I will bring a dish.',
  'Wish I could make it this year, I will be out of town.',
  'Well done, everyone.',
  'Is there parking behind the hall?',
  'My wife and I will both be there.',
  'Can non-members attend?',
  'This is what our lodge is all about.',
  'Please put me down for two tickets.',
  'How can I help?',
  'Congratulations!',
  'Sorry to hear this. Thinking of the family.',
  'Is there a sign-up sheet?',
  'Looking forward to it.',
  'Thank you for the reminder.',
  'I can help set up that morning.',
  'Excellent work by the committee.',
];

export const REPLY_TEXTS: readonly string[] = [
  'Doors open at 6:00.',
  'Thanks, see you there.',
  'Yes, the back lot is open.',
  'Everyone is welcome.',
  'Good question, I will ask the Secretary.',
  'Put you down, thanks!',
  'Agreed.',
  'The sign-up sheet is by the coat rack.',
  'Glad you can make it.',
  'Call me and we will work it out.',
];

export const HIDDEN_COMMENT_TEXTS: readonly string[] = [
  'Check out my website for cheap watches!!!',
  'This is a waste of the lodge money if you ask me, and I have said so for years.',
  'Wrong thread, sorry, please ignore.',
];

export interface EventTemplate {
  readonly name: string;
  readonly description: string;
  /** Local start time, minutes after midnight. */
  readonly start: number;
  readonly minutes: number;
  /** Held on a Saturday rather than a weeknight. */
  readonly weekend?: boolean;
}

export const LODGE_EVENT_TEMPLATES: readonly EventTemplate[] = [
  {
    name: 'Pancake Breakfast',
    description:
      'All-you-can-eat pancakes, sausage and eggs. Proceeds benefit the local food pantry.',
    start: 7 * 60,
    minutes: 240,
    weekend: true,
  },
  {
    name: 'Friday Fish Fry',
    description: 'Dine in or carry out. Baked fish available. Homemade pie.',
    start: 16 * 60 + 30,
    minutes: 150,
  },
  {
    name: 'Family Picnic',
    description: 'Burgers and hot dogs provided. Bring a side dish to share.',
    start: 12 * 60,
    minutes: 300,
    weekend: true,
  },
  {
    name: 'Degree Conferral',
    description: 'Candidates will receive their degree. Members only; rehearsal one hour before.',
    start: 19 * 60,
    minutes: 180,
  },
  {
    name: "Ladies' Night Dinner",
    description: 'An evening to thank our families. Dinner, music and door prizes.',
    start: 18 * 60 + 30,
    minutes: 180,
    weekend: true,
  },
  {
    name: 'Blood Drive',
    description: 'The Red Cross bus will be in the parking lot. Walk-ins welcome.',
    start: 10 * 60,
    minutes: 360,
    weekend: true,
  },
  {
    name: 'Golf Outing',
    description: 'Four-person scramble, lunch and dinner included. Shotgun start.',
    start: 8 * 60,
    minutes: 480,
    weekend: true,
  },
  {
    name: 'Trivia Night',
    description: 'Teams of up to six. Bring your own snacks; drinks available.',
    start: 19 * 60,
    minutes: 150,
  },
  {
    name: 'Bingo Night',
    description: 'Doors open at 5:30 PM. Early birds at 6:30 PM.',
    start: 18 * 60 + 30,
    minutes: 210,
  },
  {
    name: 'Officer Installation',
    description: 'Public installation of the new officers, followed by a reception.',
    start: 14 * 60,
    minutes: 180,
    weekend: true,
  },
  {
    name: 'Hall Work Day',
    description: 'Painting, yard work and kitchen cleaning. Lunch provided for volunteers.',
    start: 9 * 60,
    minutes: 300,
    weekend: true,
  },
];

export const GROUP_EVENT_TEMPLATES: readonly EventTemplate[] = [
  {
    name: 'School of Instruction',
    description: 'Ritual and leadership instruction for officers and all interested members.',
    start: 9 * 60,
    minutes: 360,
    weekend: true,
  },
  {
    name: 'Association Meeting',
    description: 'Quarterly meeting of lodge officers and representatives.',
    start: 10 * 60,
    minutes: 240,
    weekend: true,
  },
  {
    name: 'Official Visit',
    description: 'The official visit of our district officer. Dinner at 6:00 PM.',
    start: 19 * 60,
    minutes: 150,
  },
  {
    name: 'Leadership Workshop',
    description: 'Practical sessions on membership, finances and running a good meeting.',
    start: 9 * 60 + 30,
    minutes: 330,
    weekend: true,
  },
];

export const TOP_EVENT_TEMPLATES: readonly EventTemplate[] = [
  {
    name: 'Annual Communication',
    description: 'The annual session: reports, elections and the installation of officers.',
    start: 9 * 60,
    minutes: 480,
    weekend: true,
  },
  {
    name: 'Statewide Class',
    description: 'A one-day class for candidates from across the jurisdiction.',
    start: 8 * 60,
    minutes: 540,
    weekend: true,
  },
  {
    name: 'Charity Gala',
    description: 'Black-tie dinner benefiting our charities and homes.',
    start: 18 * 60,
    minutes: 240,
    weekend: true,
  },
];

export const EVENT_LOCATIONS: readonly string[] = [
  'Lodge hall',
  'Dining room',
  'Main lodge room',
  'Lodge hall parking lot',
  'City park shelter house',
  'Fellowship hall',
];

export const CHAT_TEXTS: readonly string[] = [
  'Are you going to the meeting Tuesday?',
  'Yes, I will be there around 6:30 for dinner.',
  'Can you pick up the raffle tickets from the print shop?',
  'Sure, no problem.',
  'Thanks!',
  'Did you see the new post about the picnic?',
  'I did. Looks like a good time.',
  'How is your wife feeling?',
  'Much better, thank you for asking.',
  'Can you cover for me at the fish fry Friday?',
  'I can do the first shift.',
  'That would be a big help.',
  'Who has the key to the kitchen?',
  'I think the Junior Warden has it.',
  'Running about 10 minutes late.',
  'No worries, we will save you a seat.',
  'Happy birthday!',
  'Thank you, brother.',
  'What time is rehearsal?',
  'One hour before the meeting.',
  'Great job on the ritual last night.',
  'I appreciate that. Still nervous every time.',
  'Did the roofer ever call back?',
  'He is coming Monday morning.',
  'Can we move the committee meeting to Thursday?',
  'Thursday works for me.',
  'Do we have enough volunteers for Saturday?',
  'We could use two more in the kitchen.',
  'I will ask my son, he likes to help.',
  'See you there.',
  'Good morning!',
  'Have a safe trip.',
  'Let me know if you need a ride.',
  'I left the folding tables in the back room.',
  'Thanks for letting me know.',
  'The scholarship committee meets next week.',
  'Please send me the minutes when you have them.',
  'Will do.',
  'Are dues due by the end of the month?',
  'Yes, you can pay online now.',
  'Sounds good.',
  'Did anyone find my hat?',
  'It is on the hook by the door.',
  'Congratulations on your new grandchild!',
  'The coffee maker in the kitchen is broken again.',
  'I will bring mine from home.',
  'Who is bringing the flag for the ceremony?',
  'I have it in my trunk.',
  'Perfect.',
  'Thanks again for everything.',
];

export const GROUP_CHAT_NAMES: readonly string[] = [
  'Fish Fry Crew',
  'Building Committee',
  'Scholarship Committee',
  'Picnic Planning',
  'Ritual Team',
  'Kitchen Volunteers',
  'Golf Outing',
  'Officers',
  'History Committee',
  'Charity Committee',
  'Past Masters',
  'Newsletter',
];
