// A chapter as the chapter admin area hands it to its screens (useAdminChapter), and the
// rich-text editor as a plain text box for the screens that hold one.
import type { Chapter } from '../../common/schemas/chapters';
import type { AdminChapterContext } from '../features/chapterAdmin/useAdminChapter';
import type { RichTextEditorProps } from '../components/richText/RichTextEditor';

/** Only what the tested screens read; a screen reading more would show it as undefined. */
export function aChapter(overrides: Partial<Chapter> = {}): Chapter {
  return {
    id: 7,
    title: 'Drinking Liberally Brooklyn',
    displayTitle: 'Drinking Liberally Brooklyn',
    slug: 'brooklyn',
    city: 'Brooklyn',
    state: 'NY',
    postalCode: '11201',
    country: 'US',
    status: 1,
    timeZone: 'America/New_York',
    permissions: [],
    chapter_events: [],
    upcoming: [],
    // The mail schedule's settings (issue 34), at their defaults.
    reminderDaysBefore: 3,
    reminderHour: 10,
    rsvpReminderHours: 24,
    hostDigestHours: 24,
    ...overrides,
  } as Chapter;
}

export function adminContext(chapter: Chapter = aChapter()): AdminChapterContext {
  const publicPath = `/chapter/${chapter.state.toLowerCase()}/${chapter.slug}`;
  return { chapter, base: `${publicPath}/admin`, publicPath };
}

/**
 * Quill does not run in jsdom (it measures the page and listens for the browser's selection);
 * the browser tests drive the real one. Here a text box takes its place with its label and
 * reports what is typed as the editor's HTML would be reported.
 */
export function FakeRichTextEditor({ onChange, labelledBy, invalid }: RichTextEditorProps) {
  return (
    <textarea
      aria-labelledby={labelledBy}
      aria-invalid={invalid || undefined}
      onChange={(e) => onChange(e.target.value ? `<p>${e.target.value}</p>` : '<p><br></p>')}
    />
  );
}
