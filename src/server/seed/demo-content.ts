// Demo press mentions and network blog posts. The outlets are made up and their addresses are on
// reserved example domains, so no link points at a real article.
import type { DemoBlogPost, DemoPressMention } from './demo-types';

export const DEMO_PRESS_MENTIONS: readonly DemoPressMention[] = [
  {
    chapter: null,
    title: 'Living Liberally turns the happy hour into a civic habit',
    url: 'https://www.example-news.com/politics/living-liberally-happy-hour-civic-habit',
    notes: 'National feature on the network, quotes three hosts.',
    slug: 'living-liberally-civic-habit',
    isVisible: true,
    daysAgo: 20,
  },
  {
    chapter: null,
    title: 'Podcast: two decades of Drinking Liberally',
    url: 'https://podcasts.example.org/civic-hour/episode-112-drinking-liberally',
    notes: 'Interview with the founders about how the network started.',
    slug: 'civic-hour-podcast-drinking-liberally',
    isVisible: true,
    daysAgo: 70,
  },
  {
    chapter: null,
    title: 'Social clubs for the politically engaged',
    url: 'https://www.example-weekly.com/culture/social-clubs-politically-engaged',
    notes: 'Draft link from the reporter; hide until the piece is published.',
    slug: 'social-clubs-politically-engaged',
    isVisible: false,
    daysAgo: 5,
  },
  {
    chapter: 'pittsburgh',
    title: 'Lawrenceville brewpub hosts a twice-monthly liberal meet-up',
    url: 'https://citypaper.example.com/news/lawrenceville-liberal-meetup',
    notes: 'Photo of the long tables; Tom quoted.',
    slug: 'pittsburgh-lawrenceville-meetup',
    isVisible: true,
    daysAgo: 10,
  },
  {
    chapter: 'austin',
    title: 'A beer garden that has seen a century of Texas politics',
    url: 'https://news.example.com/austin/beer-garden-texas-politics',
    notes: 'Mentions the chapter in the last third of the article.',
    slug: 'austin-beer-garden-century',
    isVisible: true,
    daysAgo: 35,
  },
  {
    chapter: 'capitol-hill',
    title: 'Where Hill staffers unwind on a Thursday',
    url: 'https://capitolbeat.example.com/2025/where-hill-staffers-unwind',
    notes: '',
    slug: 'capitol-hill-staffers-unwind',
    isVisible: true,
    daysAgo: 55,
  },
  {
    chapter: 'philadelphia',
    title: 'Comics take aim at politics on Sansom Street',
    url: 'https://arts.example.net/philadelphia/comics-take-aim-at-politics',
    notes: 'Review of the monthly showcase.',
    slug: 'philadelphia-comics-take-aim',
    isVisible: true,
    daysAgo: 100,
  },
  {
    chapter: 'london',
    title: 'Americans in London organize to vote from abroad',
    url: 'https://expat.example.net/uk/americans-in-london-vote-from-abroad',
    notes: 'Oliver interviewed about the registration table at The Lamb.',
    slug: 'london-vote-from-abroad',
    isVisible: true,
    daysAgo: 47,
  },
  {
    chapter: 'madison',
    title: 'A Wednesday tradition off the Square',
    url: 'https://isthmus.example.com/news/wednesday-tradition-off-the-square',
    notes: '',
    slug: 'madison-wednesday-tradition',
    isVisible: true,
    daysAgo: 160,
  },
  {
    chapter: 'seattle',
    title: 'A Capitol Hill book group reads the climate crisis',
    url: 'https://www.example-news.com/seattle/book-group-climate-crisis',
    notes: 'Short listing in the weekend books column.',
    slug: 'seattle-book-group-climate',
    isVisible: true,
    daysAgo: 210,
  },
  {
    chapter: 'nashville',
    title: 'Political comedy night goes on hiatus',
    url: 'https://scene.example.com/comedy/political-comedy-night-hiatus',
    notes: 'Hidden while the chapter is inactive.',
    slug: 'nashville-comedy-hiatus',
    isVisible: false,
    daysAgo: 95,
  },
];

export const DEMO_BLOG_POSTS: readonly DemoBlogPost[] = [
  {
    title: 'Welcome to the new chapters site',
    slug: 'welcome_to_the_new_chapters_site',
    isPublic: true,
    daysAgo: 2,
    body: `<p>The chapter directory has a new home. Find a chapter near you on the map, see when it meets next and sign up for its mailing list in one click.</p>
<p>Hosts: sign in to update your events, post news and email your members. If you have trouble signing in, use the password reset link on the sign-in page.</p>`,
  },
  {
    title: 'New chapters this spring',
    slug: 'new_chapters_this_spring',
    isPublic: true,
    daysAgo: 30,
    body: `<p>Please welcome our newest chapters and their hosts:</p>
<ul><li>Dining Liberally Toronto, fourth Fridays at The Senator</li><li>Drinking Liberally Durham, second and fourth Wednesdays at Fullsteam</li><li>Reading Liberally U Street, third Sundays at Busboys and Poets</li></ul>
<p>Want to start one in your town? <a href="/intro_start_chapter">Here is how.</a></p>`,
  },
  {
    title: 'Summer hosting tips',
    slug: 'summer_hosting_tips',
    isPublic: true,
    daysAgo: 65,
    body: `<p>Attendance dips in the summer. A few things that work for our hosts:</p>
<ol><li>Move outside: patios and beer gardens draw passers-by.</li><li>Plan one special night, like a trivia contest or a guest speaker.</li><li>Email your list the day before, not the week before.</li></ol>`,
  },
  {
    title: 'Reading Liberally is growing',
    slug: 'reading_liberally_is_growing',
    isPublic: true,
    daysAgo: 110,
    body: `<p>Book groups are our fastest-growing chapter type this year, with new groups in Brooklyn, Seattle and Asheville.</p>
<p>Reading chapters meet monthly, usually in a bookstore that gives members a discount. If your local store would host one, let us know.</p>`,
  },
  {
    title: 'The year in review',
    slug: 'the_year_in_review',
    isPublic: true,
    daysAgo: 180,
    body: `<p>From Cambridge to Berkeley, and from London to Toronto, our chapters met more than five hundred times this year.</p>
<p>Thank you to every host who booked a table, sent the reminder email and stayed to the end of the night. You are the network.</p>`,
  },
  {
    title: 'Fall plans (draft)',
    slug: 'fall_plans_draft',
    isPublic: false,
    daysAgo: 1,
    body: `<p>Draft for the admins: host call in September, a push for new chapters in Ohio and Arizona, and a shared calendar of election night parties.</p>`,
  },
];
