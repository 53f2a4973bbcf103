// Demo pages (About, Chapter Types, Chapter Resources) and wiki pages: one public, one for admins
// only, and one that may not be edited in the rich-text editor because it holds raw HTML.
import type { DemoPage, DemoWikiPage } from './demo-types';

export const DEMO_PAGES: readonly DemoPage[] = [
  {
    title: 'About Living Liberally',
    slug: 'about',
    isPublic: true,
    body: `<p>Living Liberally is a network of social clubs that build progressive community through conversation, culture and fun. Our chapters meet in bars, restaurants, bookstores, comedy clubs and movie theaters across the country and abroad.</p>
<p>It started in 2003 with a few friends talking politics over a beer in New York City. The idea was simple: progressives should have a regular, welcoming place to meet each other, share news and have a good time, not only at rallies and fundraisers. That weekly happy hour became Drinking Liberally, and it grew into hundreds of gatherings under six names.</p>
<h3>What a chapter does</h3>
<ul>
<li>Meets at least once a month, at the same place and time, so newcomers can always find it.</li>
<li>Welcomes anyone who shares progressive values, whether or not they are active in politics.</li>
<li>Is run by volunteer hosts, with support from field organizers and the national team.</li>
</ul>
<p>Chapters are social, not partisan campaigns: they do not endorse candidates or raise money for them. Many members go on to volunteer, organize and run for office; the chapter is where they meet the people who help them do it.</p>
<p>Find a chapter on the <a href="/">map</a>, or <a href="/intro_start_chapter">start one</a> in your town.</p>`,
  },
  {
    title: 'Chapter Types',
    slug: 'chapter_types',
    isPublic: true,
    body: `<p>Every chapter shares the same spirit; the setting is up to the host. There are six kinds of chapter:</p>
<h3>Drinking Liberally</h3>
<p>The original: a weekly or monthly happy hour at a local bar. Come for a drink (or a soda), stay for the conversation.</p>
<h3>Screening Liberally</h3>
<p>Film nights showing documentaries and features about politics and society, followed by a discussion, often with a filmmaker or local activist.</p>
<h3>Living Liberally</h3>
<p>Chapters that do a bit of everything: drinks one week, a film or a hike the next.</p>
<h3>Laughing Liberally</h3>
<p>Political comedy: stand-up nights and showcases with comics who are not afraid of the news.</p>
<h3>Dining Liberally</h3>
<p>Dinner and debate around a shared table, at a restaurant or a member's home.</p>
<h3>Reading Liberally</h3>
<p>Book groups reading history, policy, memoir and fiction that speak to the moment, usually in a friendly independent bookstore.</p>`,
  },
  {
    title: 'Chapter Resources',
    slug: 'chapter_resources',
    isPublic: true,
    body: `<p>Tips from hosts who have kept their chapters going for years.</p>
<h3>Picking a venue</h3>
<ul>
<li>Choose a place with a quiet corner or a back room, and ask the manager to reserve it.</li>
<li>Slow weeknights suit bars best; managers are glad of a regular crowd.</li>
<li>Make sure it is easy to reach by public transit and accessible to everyone.</li>
</ul>
<h3>Getting people to come</h3>
<ul>
<li>Keep the same day and time. Consistency matters more than anything else.</li>
<li>Email your list a day or two before each meeting from the Chapter Admin Tools.</li>
<li>Put a sign or a small flag on your table so newcomers can find you.</li>
<li>Greet new faces and introduce them to a regular.</li>
</ul>
<h3>Keeping it going</h3>
<ul>
<li>Find a co-host early so the chapter does not depend on one person.</li>
<li>Invite a local official, candidate or organizer now and then, but keep most nights social.</li>
<li>Post a short note on your chapter page after each meeting; it shows visitors that the chapter is active.</li>
</ul>
<p>Questions? Your field organizer is happy to help.</p>`,
  },
];

export const DEMO_WIKI_PAGES: readonly DemoWikiPage[] = [
  {
    title: 'Host Handbook',
    slug: 'host_handbook',
    isPublic: true,
    isEditable: true,
    body: `<p>Everything a new chapter host needs in the first three months.</p>
<h3>Your first month</h3>
<ol>
<li>Confirm the venue, day and time, and add the event in Chapter Admin Tools.</li>
<li>Write a short About text for your chapter page.</li>
<li>Invite friends, neighbors and local activists; ask each to bring one person.</li>
</ol>
<h3>Your chapter email</h3>
<p>Mail sent to your chapter address is forwarded to every host of the chapter. Use the Email tab to write to your mailing list; messages go out within a few minutes.</p>
<h3>Rules of the road</h3>
<ul>
<li>Meet at least monthly. Chapters that send no email for two months are removed from the map.</li>
<li>Chapters do not endorse candidates or raise money for campaigns.</li>
</ul>`,
  },
  {
    title: 'Field Organizer Playbook',
    slug: 'field_organizer_playbook',
    isPublic: false,
    isEditable: true,
    body: `<p>For field organizers and admins only.</p>
<h3>Reviewing host applications</h3>
<ol>
<li>Call the applicant within a week; the orientation call takes about 45 minutes.</li>
<li>Tick the phone call, agreement and additional information boxes as they happen.</li>
<li>Approve and create the chapter, approve without a chapter (to join an existing one), or deny with a user note explaining why.</li>
</ol>
<h3>Checking in with chapters</h3>
<p>Look at each chapter's Last Active date once a month. Call hosts whose chapters have not posted or emailed in six weeks, and leave a chapter note after every call.</p>`,
  },
  {
    title: 'Collecting Mailing List Sign-Ups',
    slug: 'mailing_list_signups',
    isPublic: true,
    isEditable: false,
    body: `<p>Every chapter page has its own mailing-list sign-up box, and so does each pin on the home map. To collect sign-ups from your own website or social media, link to your chapter page (for example <code>https://livingliberally.org/chapter/ny/drinking-liberally-manhattan</code>): visitors sign up there in one step.</p>
<p>Sign-ups collected on paper at a meeting can be added by a host under Chapter Admin Tools, Members, Add Members: paste the addresses separated by commas, spaces or new lines.</p>`,
  },
];
