// The rich-text toolbar of spec 2 §9, in Quill 2's terms. The image button is for blog posts only.

const SIZES = ['small', false, 'large', 'huge'];

export function toolbarFor(withImage: boolean): unknown[] {
  return [
    ['bold', 'italic', 'underline', 'strike'],
    ['blockquote', 'code-block'],
    [{ header: [1, 2, 3, 4, 5, 6, false] }],
    [{ list: 'ordered' }, { list: 'bullet' }],
    [{ script: 'sub' }, { script: 'super' }],
    [{ indent: '-1' }, { indent: '+1' }],
    [{ direction: 'rtl' }],
    [{ size: SIZES }],
    [{ color: [] }, { background: [] }],
    [{ font: [] }],
    [{ align: [] }],
    ['clean'],
    withImage ? ['link', 'image', 'video', 'table'] : ['link', 'video', 'table'],
  ];
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
