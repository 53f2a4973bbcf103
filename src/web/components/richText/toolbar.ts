// The rich-text toolbar of spec 2 §9, in Quill 2's terms. The image button is for blog posts only.
// Every control the spec lists is there, in two parts so that it fits a phone: the everyday
// controls, then the rest behind a "More" button (addMoreToggle).

const SIZES = ['small', false, 'large', 'huge'];

export interface ToolbarGroups {
  /** Always shown. */
  primary: unknown[][];
  /** Shown after "More" is pressed. */
  more: unknown[][];
}

export function toolbarGroups(withImage: boolean): ToolbarGroups {
  return {
    primary: [
      [{ header: [1, 2, 3, 4, 5, 6, false] }],
      ['bold', 'italic', 'underline', 'strike'],
      [{ list: 'ordered' }, { list: 'bullet' }],
      withImage ? ['link', 'image'] : ['link'],
      ['clean'],
    ],
    more: [
      [{ align: [] }, { color: [] }, { background: [] }],
      [{ size: SIZES }, { font: [] }],
      ['blockquote', 'code-block'],
      [{ script: 'sub' }, { script: 'super' }],
      [{ indent: '-1' }, { indent: '+1' }, { direction: 'rtl' }],
      ['video', 'table'],
    ],
  };
}

export function toolbarFor(withImage: boolean): unknown[] {
  const { primary, more } = toolbarGroups(withImage);
  return [...primary, ...more];
}

let toggles = 0;

/**
 * Puts a "More" button after the first `primaryCount` groups of a Quill toolbar, and the groups
 * after it in one box that shows only while the button is pressed. Quill does not know the
 * button (its class has no `ql-` prefix), so it neither handles its clicks nor overwrites its
 * state; the controls moved into the box keep their handlers.
 */
export function addMoreToggle(toolbar: HTMLElement, primaryCount: number): void {
  const rest = [...toolbar.querySelectorAll<HTMLElement>(':scope > .ql-formats')].slice(
    primaryCount,
  );
  if (rest.length === 0) return;
  const box = document.createElement('span');
  box.className = 'rte-more-groups';
  box.id = `rte-more-${++toggles}`;
  box.hidden = true;
  rest[0]!.before(box);
  box.append(...rest);

  const holder = document.createElement('span');
  holder.className = 'ql-formats';
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'rte-more';
  button.textContent = 'More';
  button.setAttribute('aria-label', 'More formatting');
  button.setAttribute('title', 'More formatting');
  button.setAttribute('aria-controls', box.id);
  button.setAttribute('aria-expanded', 'false');
  button.addEventListener('click', () => {
    box.hidden = !box.hidden;
    button.setAttribute('aria-expanded', String(!box.hidden));
  });
  holder.append(button);
  box.before(holder);
}

/** Names for the toolbar's icon-only buttons, which Quill leaves unlabelled. */
const BUTTON_NAMES: Record<string, string> = {
  bold: 'Bold',
  italic: 'Italic',
  underline: 'Underline',
  strike: 'Strikethrough',
  blockquote: 'Quote',
  'code-block': 'Code block',
  'list:ordered': 'Numbered list',
  'list:bullet': 'Bulleted list',
  'script:sub': 'Subscript',
  'script:super': 'Superscript',
  'indent:-1': 'Decrease indent',
  'indent:+1': 'Increase indent',
  'direction:rtl': 'Right to left',
  clean: 'Clear formatting',
  link: 'Link',
  image: 'Image',
  video: 'Video',
  table: 'Table',
};

const PICKER_NAMES: Record<string, string> = {
  header: 'Heading',
  size: 'Text size',
  color: 'Text colour',
  background: 'Background colour',
  font: 'Font',
  align: 'Alignment',
};

/** Gives every control of a Quill toolbar an accessible name. */
export function labelToolbar(toolbar: HTMLElement): void {
  for (const button of toolbar.querySelectorAll('button')) {
    const format = [...button.classList].find((c) => c.startsWith('ql-'))?.slice(3) ?? '';
    const value = button.getAttribute('value');
    const name = BUTTON_NAMES[value ? `${format}:${value}` : format] ?? format;
    button.setAttribute('aria-label', name);
    button.setAttribute('title', name);
  }
  for (const picker of toolbar.querySelectorAll<HTMLElement>('.ql-picker')) {
    const format = [...picker.classList].find((c) => c.startsWith('ql-') && c !== 'ql-picker');
    const name = PICKER_NAMES[format?.slice(3) ?? ''] ?? 'Format';
    picker.querySelector('.ql-picker-label')?.setAttribute('aria-label', name);
    for (const item of picker.querySelectorAll<HTMLElement>('.ql-picker-item')) {
      const value = item.getAttribute('data-value');
      item.setAttribute('aria-label', value ? `${name}: ${value}` : `${name}: normal`);
    }
  }
}
